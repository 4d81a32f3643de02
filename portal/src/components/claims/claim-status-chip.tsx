import type { ChipProps } from '@mui/material/Chip';
import { useT } from '../../hooks/use-t';
import { type Tone, ToneChip } from '../campaigns/tone-chip';
import type { ClaimStatus } from '../campaigns/types';

const TONES: Record<ClaimStatus, Tone> = {
  pending: 'warning',
  approved: 'info',
  rejected: 'error',
  cancelled: 'neutral',
  expired: 'neutral',
  submitted: 'progress',
  changes_requested: 'warning',
  accepted: 'success',
};

export function ClaimStatusChip({ status, size }: { status: ClaimStatus; size?: ChipProps['size'] }) {
  const t = useT();
  return <ToneChip label={t(`claims.status.${status}`)} tone={TONES[status]} size={size} />;
}
