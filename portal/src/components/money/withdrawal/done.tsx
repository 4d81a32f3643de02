import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../hooks/use-t';
import { type Earnings, useMoneyFormat, type Withdrawal } from '../money';

/** After the withdrawal: what was sent where, and what happens next. */
export function WithdrawalDone({
  result,
  earnings,
  headingRef,
  onAgain,
}: {
  result: Withdrawal;
  earnings: Earnings;
  headingRef: Ref<HTMLHeadingElement>;
  onAgain: () => void;
}) {
  const t = useT();
  const format = useMoneyFormat();
  const canWithdrawAgain = earnings.availableOre >= earnings.minimumWithdrawalOre;
  return (
    <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mb: 4 }}>
      <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography ref={headingRef} tabIndex={-1} component="h2" variant="h5" sx={{ mt: 1, outline: 'none' }}>
        {t('money.wizard.done.title')}
      </Typography>
      <Typography sx={{ mt: 1.5 }}>
        {t('money.wizard.done.body', {
          amount: format.sek(result.amountOre),
          method: result.paymentMethodMasked,
        })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('money.wizard.done.next')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center', mt: 3 }}>
        <Button component={RouterLink} to="/earnings" variant="contained">
          {t('money.wizard.done.toEarnings')}
        </Button>
        {canWithdrawAgain ? (
          <Button variant="outlined" onClick={onAgain}>
            {t('money.wizard.done.again')}
          </Button>
        ) : null}
      </Box>
    </Card>
  );
}

/** Less available than the minimum: nothing to withdraw yet. */
export function NotEnoughToWithdraw({ earnings }: { earnings: Earnings }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mb: 4 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('money.wizard.notEnough.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('money.wizard.notEnough.body', {
          available: format.sek(earnings.availableOre),
          minimum: format.sek(earnings.minimumWithdrawalOre),
        })}
      </Typography>
      <Button component={RouterLink} to="/earnings" variant="outlined">
        {t('money.wizard.done.toEarnings')}
      </Button>
    </Card>
  );
}
