import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useT } from '../../../hooks/use-t';
import type { PaymentMethod } from '../../../lib/api-types';
import { type Earnings, useMoneyFormat } from '../money';
import type { StepFrame } from './step-frame';

/** Step 3: what will happen, and the button that withdraws. */
export function ConfirmStep({
  frame: { heading, actions },
  earnings,
  method,
  amountOre,
  submitError,
  isSubmitting,
  onConfirm,
}: {
  frame: StepFrame;
  earnings: Earnings;
  method: PaymentMethod;
  amountOre: number;
  submitError: string | null;
  isSubmitting: boolean;
  onConfirm: (event: FormEvent) => void;
}) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <form noValidate onSubmit={onConfirm}>
      {heading('money.wizard.confirm.title')}
      {submitError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {submitError}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1.5 },
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, fontWeight: 600 },
        }}
      >
        <Typography component="dt">{t('money.wizard.confirm.amount')}</Typography>
        <Typography component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {format.sek(amountOre)}
        </Typography>
        <Typography component="dt">{t('money.wizard.confirm.to')}</Typography>
        <Typography component="dd">{method.masked}</Typography>
        <Typography component="dt">{t('money.wizard.confirm.left')}</Typography>
        <Typography component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {format.sek(earnings.availableOre - amountOre)}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t('money.wizard.confirm.note')}
      </Typography>
      {actions(
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('money.wizard.confirm.submit')}
        </Button>,
        1,
      )}
    </form>
  );
}
