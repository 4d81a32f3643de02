import Alert, { type AlertColor } from '@mui/material/Alert';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import type { ClaimDetails, ClaimStatus } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { claimReasonText } from './claim-reason';

const CREATOR: Record<ClaimStatus, [MessageKey, AlertColor]> = {
  pending: ['claims.next.creator.pending', 'info'],
  approved: ['claims.next.creator.approved', 'success'],
  submitted: ['claims.next.creator.submitted', 'info'],
  changes_requested: ['claims.next.creator.changes_requested', 'warning'],
  accepted: ['claims.next.creator.accepted', 'success'],
  rejected: ['claims.next.creator.rejected', 'info'],
  cancelled: ['claims.next.creator.cancelled', 'info'],
  expired: ['claims.next.creator.expired', 'info'],
};

const BRAND: Record<ClaimStatus, [MessageKey, AlertColor]> = {
  pending: ['claims.next.brand.pending', 'info'],
  approved: ['claims.next.brand.approved', 'info'],
  submitted: ['claims.next.brand.submitted', 'warning'],
  changes_requested: ['claims.next.brand.changes_requested', 'info'],
  accepted: ['claims.next.brand.accepted', 'success'],
  rejected: ['claims.next.brand.rejected', 'info'],
  cancelled: ['claims.next.brand.cancelled', 'info'],
  expired: ['claims.next.brand.expired', 'info'],
};

/** What happens next for this claim, from the reader's side. */
export function NextStep({ claim, isBrandView }: { claim: ClaimDetails; isBrandView: boolean }) {
  const t = useT();
  const format = useFormat();
  const [key, severity] = (isBrandView ? BRAND : CREATOR)[claim.status];
  const note = claimReasonText(t, claim.latestSubmission?.reviewNote ?? '');
  return (
    <Alert severity={severity} sx={{ whiteSpace: 'pre-line' }}>
      {t(key, {
        amount: format.money(claim.payoutOre),
        date: claim.autoAcceptAt ? format.date(claim.autoAcceptAt) : '–',
        note,
        name: claim.creator.name,
      })}
    </Alert>
  );
}
