import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../../hooks/use-t';
import { validationText } from '../../../lib/error-text';
import { textFieldProps } from '../../../lib/form-field';
import { Section } from '../section';
import { OBJECTIVES } from '../types';
import { ChoiceChips } from './choice-chips';
import { CoverPicker } from './cover-picker';
import type { CampaignFormValues } from './values';

export function AboutSection({
  form,
  coverUrl,
  cover,
  onCoverChange,
  coverError,
}: {
  form: UseFormReturn<CampaignFormValues>;
  coverUrl: string | null;
  cover: File | null;
  onCoverChange: (file: File | null) => void;
  coverError: string | null;
}) {
  const t = useT();
  const { errors } = form.formState;
  return (
    <Section title={t('brandCampaigns.form.sections.about')}>
      <Stack spacing={3}>
        <TextField
          label={t('brandCampaigns.form.title')}
          required
          fullWidth
          {...textFieldProps(
            form.register('title', {
              validate: (value) => !!value.trim() || validationText(t, 'required'),
              maxLength: { value: 120, message: validationText(t, 'too_long') },
            }),
            errors.title,
            t('brandCampaigns.form.titleHelp'),
          )}
        />
        <TextField
          label={t('brandCampaigns.form.description')}
          required
          fullWidth
          multiline
          minRows={4}
          {...textFieldProps(
            form.register('description', {
              validate: (value) => !!value.trim() || validationText(t, 'required'),
              maxLength: { value: 5000, message: validationText(t, 'too_long') },
            }),
            errors.description,
            t('brandCampaigns.form.descriptionHelp'),
          )}
        />
        <Controller
          control={form.control}
          name="objectives"
          rules={{ validate: (value) => value.length > 0 || t('brandCampaigns.form.chooseAtLeastOne') }}
          render={({ field, fieldState }) => (
            <ChoiceChips
              label={t('brandCampaigns.form.objectives')}
              options={OBJECTIVES.map((value) => ({ value, label: t(`campaigns.objectives.${value}`) }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              isRequired
            />
          )}
        />
        <CoverPicker currentUrl={coverUrl} file={cover} onChange={onCoverChange} error={coverError} />
      </Stack>
    </Section>
  );
}
