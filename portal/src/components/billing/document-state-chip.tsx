import type { INVOICE_STATES } from '@kollab/contract/api/billing';
import { useT } from '../../hooks/use-t';
import { type Tone, ToneChip } from '../campaigns/tone-chip';

type DocumentState = (typeof INVOICE_STATES)[number];

const TONES: Record<DocumentState, Tone> = { open: 'info', overdue: 'error', paid: 'success', credited: 'neutral' };

/** An invoice's, receipt's or credit note's state (unpaid, overdue, paid, credit) as a chip. */
export function DocumentStateChip({ state }: { state: DocumentState }) {
  const t = useT();
  return <ToneChip tone={TONES[state]} label={t(`billing.state.${state}`)} />;
}
