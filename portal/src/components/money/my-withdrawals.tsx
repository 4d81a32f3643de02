import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { isHeld, useMoneyFormat, type Withdrawal } from './money';
import { StatusChip } from './status-chip';

const SETTLED_ON: Partial<Record<Withdrawal['status'], MessageKey>> = {
  paid: 'money.mine.paidOn',
  returned: 'money.mine.returnedOn',
  rejected: 'money.mine.rejectedOn',
};

/** The creator's withdrawals, newest first, with status, reference, rejection or return reason. */
export function MyWithdrawals({ withdrawals, labelId }: { withdrawals: Withdrawal[]; labelId: string }) {
  const t = useT();
  const format = useMoneyFormat();
  if (withdrawals.length === 0) {
    return (
      <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('money.mine.empty')}</Typography>
      </Card>
    );
  }
  return (
    <Card>
      <List aria-labelledby={labelId} disablePadding>
        {withdrawals.map((withdrawal) => (
          <ListItem key={withdrawal.id} divider sx={{ display: 'block', py: 1.5 }}>
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
            >
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {t('money.mine.summary', {
                  amount: format.sek(withdrawal.amountOre),
                  method: withdrawal.paymentMethodMasked,
                })}
              </Typography>
              <StatusChip status={withdrawal.status} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('money.mine.requestedOn', { date: format.date(withdrawal.createdAt) })}
              {withdrawal.settledAt
                ? ` · ${t(SETTLED_ON[withdrawal.status] ?? 'money.mine.rejectedOn', {
                    date: format.date(withdrawal.settledAt),
                  })}`
                : null}
            </Typography>
            {isHeld(withdrawal) ? (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('money.mine.heldUntil', { date: format.dateTime(withdrawal.heldUntil ?? '') })}
              </Typography>
            ) : null}
            {(withdrawal.status === 'paid' || withdrawal.status === 'sent') && withdrawal.reference ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('money.mine.reference', { reference: withdrawal.reference })}
              </Typography>
            ) : null}
            {withdrawal.status === 'rejected' && withdrawal.reason ? (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {t('money.mine.reason', { reason: withdrawal.reason })}
              </Typography>
            ) : null}
            {withdrawal.status === 'returned' ? (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {t('money.mine.returned', { code: withdrawal.reason ?? '–' })}
              </Typography>
            ) : null}
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
