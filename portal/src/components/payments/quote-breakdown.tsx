import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';
import type { Quote } from './types';

/** The price before paying: creator budget, fee, moms on the fee, total, credit and what is due. */
export function QuoteBreakdown({ quote }: { quote: Quote }) {
  const t = useT();
  const format = useMoneyFormat();
  const headingId = useId();
  const percent = (basisPoints: number) => (basisPoints / 100).toLocaleString();
  const rows: [string, number][] = [
    [
      t('payments.quote.creatorBudget', { slots: quote.slots, payout: format.sek(quote.payoutOre) }),
      quote.creatorBudgetOre,
    ],
    [t('payments.quote.fee', { percent: percent(quote.feeBasisPoints) }), quote.feeOre],
    [t('payments.quote.vat', { percent: percent(quote.vatBasisPoints) }), quote.vatOre],
  ];
  const line = (label: string, amount: number, strong = false) => (
    <Box
      key={label}
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 0.5 } : {}),
      }}
    >
      <Typography component="dt" sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 600 : 400, whiteSpace: 'nowrap' }}>
        {format.sek(amount)}
      </Typography>
    </Box>
  );
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('payments.quote.heading')}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(([label, amount]) => line(label, amount))}
        {line(t('payments.quote.total'), quote.totalOre, true)}
        {quote.creditAppliedOre > 0 ? line(t('payments.quote.credit'), -quote.creditAppliedOre) : null}
        {quote.creditAppliedOre > 0 ? line(t('payments.quote.due'), quote.amountDueOre, true) : null}
      </Box>
    </section>
  );
}
