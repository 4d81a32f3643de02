import type { DeskState } from '@kollab/contract/desk';
import type { ChipProps } from '@mui/material/Chip';
import { useT } from '../../hooks/use-t';
import { type Tone, ToneChip } from '../campaigns/tone-chip';

const TONES: Record<DeskState, Tone> = {
  draft: 'neutral',
  coming_soon: 'info',
  live: 'success',
  paused: 'warning',
  ended: 'neutral',
};

/** The campaign's state as its brand sees it (ADR 038): draft, coming soon, live, paused or ended. */
export function DeskStateChip({ state, size }: { state: DeskState; size?: ChipProps['size'] }) {
  const t = useT();
  return <ToneChip label={t(`desk.state.${state}`)} tone={TONES[state]} size={size} />;
}
