/** The campaign area's API shapes (api/src/modules/campaigns and claims). Money is in öre. */

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

export interface BrandInstagram {
  handle: string;
  posts: number | null;
  followers: number | null;
  following: number | null;
}

export interface Campaign {
  id: string;
  brand: { id: string; name: string; instagram: BrandInstagram | null };
  title: string;
  description: string;
  objectives: Objective[];
  categories: string[];
  platforms: Platform[];
  creatorTiers: CreatorTier[];
  audienceCountries: string[];
  audienceAgeGroups: AgeGroup[];
  audienceGender: Gender;
  budgetOre: number;
  payoutOre: number;
  slots: number;
  slotsTaken: number;
  startsAt: string;
  endsAt: string;
  hashtags: string[];
  preferredCreatorType: string | null;
  brandLink: string | null;
  productLink: string | null;
  guidelines: string[];
  usageRights: UsageRights;
  usageMonths: number | null;
  maxRevisions: number;
  coverUrl: string | null;
  status: CampaignStatus;
  state: CampaignState;
  publishedAt: string | null;
  createdAt: string;
  myClaim: { id: string; status: ClaimStatus } | null;
}

/** The fields a brand sends to create or edit a campaign. */
export type CampaignInput = Omit<
  Campaign,
  'id' | 'brand' | 'slotsTaken' | 'coverUrl' | 'status' | 'state' | 'publishedAt' | 'createdAt' | 'myClaim'
>;

export interface CampaignSpend {
  budgetOre: number;
  committedOre: number;
  remainingOre: number;
  acceptedClaims: number;
}

export interface CreatorSummary {
  id: string;
  name: string;
  image: string | null;
  instagramHandle: string | null;
  instagramFollowers: number | null;
  tiktokHandle: string | null;
  tiktokFollowers: number | null;
}

export interface Submission {
  id: string;
  url: string;
  platform: string;
  kind: string;
  reviewNote: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

export interface Claim {
  id: string;
  status: ClaimStatus;
  campaign: { id: string; title: string; brandId: string; brandName: string; maxRevisions: number };
  creator: CreatorSummary;
  payoutOre: number;
  revisionsUsed: number;
  autoAcceptAt: string | null;
  acceptedAt: string | null;
  latestSubmission: Submission | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClaimEvent {
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus;
  actorRole: string;
  reason: string | null;
  createdAt: string;
}

export interface ClaimDetails extends Claim {
  events: ClaimEvent[];
  submissions: Submission[];
}

/** Why a creator matches a campaign, as plain data the portal translates. */
export type MatchReason =
  | { code: 'categories'; matched: number; total: number }
  | { code: 'platform'; platforms: Platform[] }
  | { code: 'tier'; tier: CreatorTier }
  | { code: 'audience_country'; country: string; share: number }
  | { code: 'audience_age'; ageGroup: string; share: number };

export interface Invitation {
  id: string;
  status: InvitationStatus;
  respondBy: string;
  score: number;
  reasons: Record<string, unknown>[];
  campaign: { id: string; title: string; brandName: string; payoutOre: number; startsAt: string; endsAt: string };
  createdAt: string;
}

export interface Match {
  invitationId: string;
  creator: CreatorSummary;
  score: number;
  reasons: Record<string, unknown>[];
  status: InvitationStatus;
  respondBy: string;
}
