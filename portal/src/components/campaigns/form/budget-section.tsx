import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { useT } from '../../../hooks/use-t';
import { validationText } from '../../../lib/error-text';
import { textFieldProps } from '../../../lib/form-field';
import { parseSek } from '../money';
import { Section } from '../section';
import { MoneyRule } from './money-rule';
import type { CampaignFormValues } from './values';

/** Budget, payout per creator and slots in kronor, with the live payout × slots ≤ budget rule. */
export function BudgetSection({ form, isLocked }: { form: UseFormReturn<CampaignFormValues>; isLocked: boolean }) {
  const t = useT();
  const { errors } = form.formState;
  const [budget = '', payout = '', slots = ''] = form.watch(['budget', 'payout', 'slots']);
  const kronor = { input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> } };
  const amount = (value: string) => {
    if (!value.trim()) return validationText(t, 'required');
    const ore = parseSek(value);
    return (ore !== null && ore > 0) || validationText(t, 'invalid_amount');
  };
  return (
    <Section title={t('brandCampaigns.form.sections.budget')}>
      <Stack spacing={3}>
        {isLocked ? <Alert severity="info">{t('brandCampaigns.form.moneyLocked')}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('brandCampaigns.form.budget')}
            required
            fullWidth
            disabled={isLocked}
            slotProps={{ ...kronor, htmlInput: { inputMode: 'decimal' } }}
            {...textFieldProps(
              form.register('budget', {
                validate: (value) => {
                  const checked = amount(value);
                  if (checked !== true) return checked;
                  const budgetOre = parseSek(value) ?? 0;
                  const payoutOre = parseSek(form.getValues('payout'));
                  const count = Number(form.getValues('slots'));
                  if (payoutOre !== null && Number.isInteger(count) && payoutOre * count > budgetOre) {
                    return validationText(t, 'below_payout_times_slots');
                  }
                  return true;
                },
              }),
              errors.budget,
              t('brandCampaigns.form.budgetHelp'),
            )}
          />
          <TextField
            label={t('brandCampaigns.form.payout')}
            required
            fullWidth
            disabled={isLocked}
            slotProps={{ ...kronor, htmlInput: { inputMode: 'decimal' } }}
            {...textFieldProps(
              form.register('payout', { validate: amount, deps: ['budget'] }),
              errors.payout,
              t('brandCampaigns.form.payoutHelp'),
            )}
          />
          <TextField
            label={t('brandCampaigns.form.slots')}
            required
            fullWidth
            disabled={isLocked}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...textFieldProps(
              form.register('slots', {
                validate: (value) => {
                  if (!value.trim()) return validationText(t, 'required');
                  const count = Number(value);
                  return (
                    (Number.isInteger(count) && count >= 1 && count <= 1000) ||
                    t('brandCampaigns.form.wholeNumber', { min: 1, max: 1000 })
                  );
                },
                deps: ['budget'],
              }),
              errors.slots,
              t('brandCampaigns.form.slotsHelp'),
            )}
          />
        </Stack>
        <MoneyRule budget={budget} payout={payout} slots={slots} />
      </Stack>
    </Section>
  );
}
