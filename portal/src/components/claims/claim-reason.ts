import type { Translate } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';

/** Reasons Kollab records as codes (a cancelled campaign, an erased account); people's own words pass through. */
const CODES: Record<string, MessageKey> = {
  campaign_cancelled: 'claims.history.campaignCancelled',
  creator_account_erased: 'claims.history.creatorAccountErased',
  brand_account_erased: 'claims.history.brandAccountErased',
};

/** A claim event's reason or a review note in the user's language. */
export function claimReasonText(t: Translate, reason: string): string {
  const key = CODES[reason];
  return key ? t(key) : reason;
}
