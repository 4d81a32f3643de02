/** The campaign area's API shapes (api/src/modules/campaigns and claims). Money is in öre. */

export const OBJECTIVES = ['awareness', 'engagement', 'traffic', 'sales', 'ugc_content'] as const;
export const PLATFORMS = ['instagram', 'tiktok'] as const;
export const CREATOR_TIERS = ['nano', 'micro', 'ugc'] as const;
export const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export const GENDERS = ['any', 'male', 'female'] as const;

export type Objective = (typeof OBJECTIVES)[number];
export type Platform = (typeof PLATFORMS)[number];
export type CreatorTier = (typeof CREATOR_TIERS)[number];
export type AgeGroup = (typeof AGE_GROUPS)[number];
export type Gender = (typeof GENDERS)[number];
export type CampaignStatus = 'draft' | 'published' | 'paused' | 'cancelled';
export type CampaignState = 'draft' | 'coming_soon' | 'active' | 'over' | 'paused' | 'cancelled';
export type UsageRights = 'organic' | 'paid_ads';

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

export type ClaimStatus =
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'expired'
  | 'submitted'
  | 'changes_requested'
  | 'accepted';

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

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'expired';

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
