import type { ChipProps } from '@mui/material/Chip';
import { useT } from '../../hooks/use-t';
import { type Tone, ToneChip } from './tone-chip';
import type { CampaignState } from './types';

const TONES: Record<CampaignState, Tone> = {
  draft: 'neutral',
  coming_soon: 'info',
  active: 'success',
  over: 'neutral',
  paused: 'warning',
  cancelled: 'error',
};

/** The campaign's state as people see it (draft, coming soon, active, over, paused, cancelled). */
export function CampaignStateChip({ state, size }: { state: CampaignState; size?: ChipProps['size'] }) {
  const t = useT();
  return <ToneChip label={t(`campaigns.state.${state}`)} tone={TONES[state]} size={size} />;
}
