import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import Box from '@mui/material/Box';
import { useT } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';
import { planLines } from './erasure-plan-lines';

/** What erasing an account does to its money and work, as a list of sentences (ADR 022). */
export function ErasurePlanList({ plan, label }: { plan: ErasurePlan; label: string }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <Box component="ul" aria-label={label} sx={{ typography: 'body2', pl: 2.5, my: 1, '& li': { mb: 0.75 } }}>
      {planLines(plan).map(({ key, values = {} }) => (
        <li key={key}>
          {t(key, {
            ...(values.amount === undefined ? {} : { amount: format.sek(values.amount) }),
            ...(values.method === undefined ? {} : { method: values.method }),
            ...(values.count === undefined ? {} : { count: values.count }),
            // A calendar day: noon UTC is the same day in Sweden whatever the browser's zone.
            ...(values.date === undefined ? {} : { date: format.date(`${values.date}T12:00:00Z`) }),
          })}
        </li>
      ))}
    </Box>
  );
}
