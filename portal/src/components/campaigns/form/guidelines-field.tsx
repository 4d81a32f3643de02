import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useT } from '../../../hooks/use-t';
import { validationText } from '../../../lib/error-text';
import { textFieldProps } from '../../../lib/form-field';
import type { CampaignFormValues } from './values';

const MAX_GUIDELINES = 20;

/** The guidelines creators confirm one by one before they claim: add, edit and remove. */
export function GuidelinesField({
  control,
  register,
  errors,
}: {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
}) {
  const t = useT();
  const { fields, append, remove } = useFieldArray({ control, name: 'guidelines' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('brandCampaigns.form.guidelines')}
      </FormLabel>
      <FormHelperText sx={{ mt: 0, mb: 1.5 }}>{t('brandCampaigns.form.guidelinesHelp')}</FormHelperText>
      <Stack spacing={1.5}>
        {fields.map((field, index) => (
          <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={t('brandCampaigns.form.guideline', { number: index + 1 })}
              fullWidth
              multiline
              {...textFieldProps(
                register(`guidelines.${index}.text`, {
                  required: validationText(t, 'required'),
                  maxLength: { value: 500, message: validationText(t, 'too_long') },
                }),
                errors.guidelines?.[index]?.text,
              )}
            />
            <IconButton
              aria-label={t('brandCampaigns.form.removeGuideline', { number: index + 1 })}
              onClick={() => remove(index)}
              sx={{ mt: 1 }}
            >
              <Delete />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {fields.length < MAX_GUIDELINES ? (
        <Button startIcon={<Add />} onClick={() => append({ text: '' })} sx={{ mt: 1 }}>
          {t('brandCampaigns.form.addGuideline')}
        </Button>
      ) : null}
    </Box>
  );
}
