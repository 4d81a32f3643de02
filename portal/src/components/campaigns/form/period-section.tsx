import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { useT } from '../../../hooks/use-t';
import { validationText } from '../../../lib/error-text';
import { textFieldProps } from '../../../lib/form-field';
import { Section } from '../section';
import type { CampaignFormValues } from './values';

/** Start and end dates; the campaign runs from the start of the first day to the end of the last. */
export function PeriodSection({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const t = useT();
  const { errors } = form.formState;
  const date = { inputLabel: { shrink: true } };
  return (
    <Section title={t('brandCampaigns.form.sections.period')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={t('brandCampaigns.form.startDate')}
          required
          fullWidth
          slotProps={date}
          {...textFieldProps(
            form.register('startDate', { required: validationText(t, 'required'), deps: ['endDate'] }),
            errors.startDate,
            t('brandCampaigns.form.startDateHelp'),
          )}
        />
        <TextField
          type="date"
          label={t('brandCampaigns.form.endDate')}
          required
          fullWidth
          slotProps={date}
          {...textFieldProps(
            form.register('endDate', {
              required: validationText(t, 'required'),
              validate: (value) => {
                const start = form.getValues('startDate');
                return !start || value >= start || validationText(t, 'before_start');
              },
            }),
            errors.endDate,
            t('brandCampaigns.form.endDateHelp'),
          )}
        />
      </Stack>
    </Section>
  );
}
