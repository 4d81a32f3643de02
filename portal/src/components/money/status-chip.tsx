import Chip, { type ChipProps } from '@mui/material/Chip';
import { useT } from '../../hooks/use-t';
import type { EarningsEntry } from './money';

type Status = EarningsEntry['status'];

// Colours with AA contrast for small text: grey for waiting, green for money out, red for refused or
// come back (outlined: the money is back in the balance).
const COLOR: Record<Status, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  credited: { color: 'primary', variant: 'outlined' },
  requested: { color: 'default', variant: 'filled' },
  sent: { color: 'default', variant: 'outlined' },
  paid: { color: 'success', variant: 'filled' },
  returned: { color: 'error', variant: 'outlined' },
  rejected: { color: 'error', variant: 'filled' },
};

/** An earning's or withdrawal's status: Intjänad, Begärd, Skickad, Utbetald, Återkom, Avslagen. */
export function StatusChip({ status }: { status: Status }) {
  const t = useT();
  return <Chip size="small" label={t(`money.status.${status}`)} {...COLOR[status]} />;
}
