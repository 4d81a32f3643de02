import { apiFetch } from '../../lib/api-fetch';
import type { ClaimDetails } from '../campaigns/types';

export type ClaimAction = 'approve' | 'reject' | 'cancel' | 'request-changes' | 'accept';

/** `POST /api/claims/{id}/{action}` with an optional reason; resolves to the updated claim. */
export async function runClaimAction(claimId: string, action: ClaimAction, reason?: string): Promise<ClaimDetails> {
  const { data } = await apiFetch<{ data: ClaimDetails }>(`/api/claims/${encodeURIComponent(claimId)}/${action}`, {
    method: 'POST',
    json: reason ? { reason } : {},
  });
  return data;
}
