/**
 * The provider's closed value lists the discovery screens offer (CONTRACT.md §2.2–2.3, §9): the
 * API's own lists (the same ones its request schemas check), plus the screens' presets.
 */
import { PLATFORMS, type Platform } from '@kollab/contract/provider-enums';
import { RAW_ENDPOINTS, type RawEndpointSpec, type RawPlatform } from '@kollab/contract/provider-raw-endpoints';

export {
  ACCOUNT_TYPES,
  type AccountType,
  AUDIENCE_AGE_BANDS,
  AUDIENCE_GENDERS,
  type AudienceAgeBand,
  type AudienceGender,
  CONTACT_TYPES,
  type ContactType,
  EMAIL_SEARCH_MAX_EMAILS,
  FILTER_ACTIONS,
  type FilterAction,
  GROWTH_INTERVALS,
  GROWTH_OPERATORS,
  type GrowthInterval,
  type GrowthOperator,
  INFLUENCER_AGES,
  INFLUENCER_GENDERS,
  type InfluencerGender,
  OVERLAP_MAX_INFLUENCERS,
  OVERLAP_MIN_INFLUENCERS,
  OVERLAP_PLATFORMS,
  type OverlapPlatform,
  PLATFORMS,
  type Platform,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
} from '@kollab/contract/provider-enums';
export {
  RAW_ENDPOINTS,
  RAW_PLATFORMS,
  type RawEndpointSpec,
  type RawPlatform,
} from '@kollab/contract/provider-raw-endpoints';

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** Sort fields every platform offers, in the order the sort select lists them. */
const COMMON_SORT_FIELDS = [
  'followers',
  'engagements',
  'engagementRate',
  'keywords',
  'audienceGeo',
  'audienceLang',
  'audienceGender',
  'audienceAge',
  'followersGrowth',
] as const;

/**
 * Sort fields offered per platform. `relevance` and `audienceRelevance` are left out: they only
 * work with the lookalike filters, which these screens do not offer.
 */
export const SORT_FIELDS = {
  instagram: [...COMMON_SORT_FIELDS, 'audienceInterest', 'reelsPlays'],
  tiktok: [...COMMON_SORT_FIELDS, 'views', 'shares', 'saves', 'likesGrowth'],
  youtube: [...COMMON_SORT_FIELDS, 'views', 'viewsGrowth'],
} as const satisfies Record<Platform, readonly string[]>;
export type SortField = (typeof SORT_FIELDS)[Platform][number];

export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** What a growth filter measures: followers everywhere, likes on TikTok, views on YouTube. */
export const GROWTH_METRICS = {
  instagram: ['followers'],
  tiktok: ['followers', 'likes'],
  youtube: ['followers', 'views'],
} as const satisfies Record<Platform, readonly string[]>;
export type GrowthMetric = 'followers' | 'likes' | 'views';

/** Days since the last post: the provider takes 30 or more. */
export const LAST_POSTED_DAYS = [30, 60, 90, 180] as const;

/** Follower presets for the range selects (the provider rounds to 1k below 5k, to 5k above). */
export const FOLLOWER_STEPS = [1000, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000] as const;

/** The parameter spec of one Raw endpoint, or undefined for a name the provider does not have. */
export function rawEndpoint(platform: RawPlatform, endpoint: string): RawEndpointSpec | undefined {
  const endpoints: Record<string, RawEndpointSpec> = RAW_ENDPOINTS[platform];
  return Object.hasOwn(endpoints, endpoint) ? endpoints[endpoint] : undefined;
}
