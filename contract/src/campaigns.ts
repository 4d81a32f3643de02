/**
 * A campaign's closed vocabularies: what a brand may pick in the campaign form and what the API's
 * schemas accept (api/src/modules/campaigns/campaigns.schemas.ts), one list each.
 */

export const OBJECTIVES = ['awareness', 'engagement', 'traffic', 'sales', 'ugc_content'] as const;
export type Objective = (typeof OBJECTIVES)[number];

/** The platforms a campaign runs on (discovery's provider knows more: provider/enums.ts). */
export const PLATFORMS = ['instagram', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const CREATOR_TIERS = ['nano', 'micro', 'ugc'] as const;
export type CreatorTier = (typeof CREATOR_TIERS)[number];

export const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const GENDERS = ['any', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const USAGE_RIGHTS = ['organic', 'paid_ads'] as const;
export type UsageRights = (typeof USAGE_RIGHTS)[number];

/** The stored status a brand or admin sets (the database's `campaign_status`). */
export const CAMPAIGN_STATUSES = ['draft', 'published', 'paused', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The state a campaign is shown in: its status read against its dates. */
export const CAMPAIGN_STATES = ['draft', 'coming_soon', 'active', 'over', 'paused', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** How a creator answered a brand's invitation to a campaign (the database's `invitation_status`). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * A page of the campaign list asked for by number (OFFSET) starts within the first this many
 * campaigns; a page further in is asked for with the previous page's `nextCursor` (ADR 036). The
 * same 10,000 as the totals counted exactly: the numbered pages are the ones an exact total numbers.
 */
export const NUMBERED_PAGES_ROWS = 10_000;
