import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useT } from '../../../hooks/use-t';
import { type Earnings, useMoneyFormat } from '../money';
import type { StepFrame } from './step-frame';

/** Step 2: the amount, everything available by default. */
export function AmountStep({
  frame: { heading, actions },
  earnings,
  amountText,
  amountError,
  headingId,
  onAmountText,
  onNext,
}: {
  frame: StepFrame;
  earnings: Earnings;
  amountText: string;
  amountError: string | null;
  headingId: string;
  /** A new amount text; clears the amount's problem. */
  onAmountText: (text: string) => void;
  onNext: (event: FormEvent) => void;
}) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <form noValidate onSubmit={onNext}>
      {heading('money.wizard.amount.title')}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('money.wizard.amount.available', { available: format.sek(earnings.availableOre) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id={`${headingId}-amount`}
          label={t('money.wizard.amount.label')}
          value={amountText}
          onChange={(event) => onAmountText(event.target.value)}
          required
          autoComplete="off"
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> },
          }}
          error={!!amountError}
          helperText={
            amountError ??
            t('money.wizard.amount.help', {
              minimum: format.sek(earnings.minimumWithdrawalOre),
              available: format.sek(earnings.availableOre),
            })
          }
          sx={{ flex: '1 1 240px' }}
        />
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => onAmountText(format.plain(earnings.availableOre))}>
          {t('money.wizard.amount.all')}
        </Button>
      </Box>
      {actions(
        <Button type="submit" variant="contained">
          {t('money.wizard.next')}
        </Button>,
        0,
      )}
    </form>
  );
}
