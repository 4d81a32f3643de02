/** The campaign area's API shapes, from the API's own schemas (@kollab/contract/api). Money is in öre. */

import type { CampaignSpend, CampaignView, Match } from '@kollab/contract/api/campaigns';
import type { ClaimDetails, ClaimEvent, ClaimView, Invitation, Submission } from '@kollab/contract/api/claims';
import type {
  AgeGroup,
  CampaignState,
  CampaignStatus,
  CreatorTier,
  Gender,
  InvitationStatus,
  Objective,
  Platform,
  UsageRights,
} from '@kollab/contract/campaigns';
import type { ClaimStatus } from '@kollab/contract/claims';

// The vocabularies are the API's own (@kollab/contract), so the form offers exactly what it accepts.
export { AGE_GROUPS, CREATOR_TIERS, GENDERS, OBJECTIVES, PLATFORMS } from '@kollab/contract/campaigns';
export type {
  AgeGroup,
  CampaignState,
  CampaignStatus,
  ClaimStatus,
  CreatorTier,
  Gender,
  InvitationStatus,
  Objective,
  Platform,
  UsageRights,
};

export type Campaign = CampaignView;
export type BrandInstagram = NonNullable<Campaign['brand']['instagram']>;

/** The fields a brand sends to create or edit a campaign. */
export type CampaignInput = Omit<
  Campaign,
  | 'id'
  | 'brand'
  | 'slotsTaken'
  | 'coverUrl'
  | 'coverSrcSet'
  | 'status'
  | 'state'
  | 'publishedAt'
  | 'createdAt'
  | 'myClaim'
>;

export type CreatorSummary = Claim['creator'];
export type { CampaignSpend, ClaimDetails, ClaimEvent, Invitation, Match, Submission };
export type Claim = ClaimView;

/** Why a creator matches a campaign, as plain data the portal translates. */
export type MatchReason =
  | { code: 'categories'; matched: number; total: number }
  | { code: 'platform'; platforms: Platform[] }
  | { code: 'tier'; tier: CreatorTier }
  | { code: 'audience_country'; country: string; share: number }
  | { code: 'audience_age'; ageGroup: string; share: number }
  | { code: 'delivery'; average: number }
  | { code: 'verified'; platforms: Platform[] };
