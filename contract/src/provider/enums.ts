/**
 * Closed value lists of the influencer-data provider (Modash API 1.5.0), as `const` arrays so the
 * discovery routes, the portal and the zod schemas all read the same source. Sources and
 * confidence: /work/shared/provider/CONTRACT.md §2 (search), §3 (report), §5 (dictionaries), §9 (raw).
 */

export const PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Platforms with an audience-overlap endpoint in the product specification. */
export const OVERLAP_PLATFORMS = ['instagram', 'youtube'] as const;
export type OverlapPlatform = (typeof OVERLAP_PLATFORMS)[number];

export const CALCULATION_METHODS = ['median', 'average'] as const;
export type CalculationMethod = (typeof CALCULATION_METHODS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Sort fields every platform has (the official Instagram list without `reelsPlays`). */
const COMMON_SORT_FIELDS = [
  'engagements',
  'followers',
  'engagementRate',
  'keywords',
  'audienceGeo',
  'audienceLang',
  'audienceGender',
  'audienceAge',
  'audienceRelevance',
  'relevance',
  'followersGrowth',
  'audienceInterest',
] as const;

/** Instagram sort fields (official list). */
export const INSTAGRAM_SORT_FIELDS = [...COMMON_SORT_FIELDS, 'reelsPlays'] as const;

/** TikTok: the common fields plus views, shares, saves and likesGrowth (inferred). */
export const TIKTOK_SORT_FIELDS = [...COMMON_SORT_FIELDS, 'views', 'shares', 'saves', 'likesGrowth'] as const;

/** YouTube: the common fields plus views and viewsGrowth (inferred). */
export const YOUTUBE_SORT_FIELDS = [...COMMON_SORT_FIELDS, 'views', 'viewsGrowth'] as const;

export const SORT_FIELDS = {
  instagram: INSTAGRAM_SORT_FIELDS,
  tiktok: TIKTOK_SORT_FIELDS,
  youtube: YOUTUBE_SORT_FIELDS,
} as const;
export type SortField<P extends Platform = Platform> = (typeof SORT_FIELDS)[P][number];

/** Audience age bands, used by the audience `age` filter and in reports. */
export const AUDIENCE_AGE_BANDS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export type AudienceAgeBand = (typeof AUDIENCE_AGE_BANDS)[number];

/** Bounds of the audience `ageRange` filter (strings, as the provider takes them). */
export const AUDIENCE_AGE_RANGE_MIN = ['13', '18', '25', '35', '45', '65'] as const;
export const AUDIENCE_AGE_RANGE_MAX = ['17', '24', '34', '44', '64'] as const;

/** The influencer's own age filter takes only these bounds. */
export const INFLUENCER_AGES = [18, 25, 35, 45, 65] as const;
export type InfluencerAge = (typeof INFLUENCER_AGES)[number];

/** Influencer gender filter: KNOWN = male or female, UNKNOWN = gender-neutral. */
export const INFLUENCER_GENDERS = ['MALE', 'FEMALE', 'KNOWN', 'UNKNOWN'] as const;
export type InfluencerGender = (typeof INFLUENCER_GENDERS)[number];

/** Audience gender filter takes only MALE or FEMALE. */
export const AUDIENCE_GENDERS = ['MALE', 'FEMALE'] as const;
export type AudienceGender = (typeof AUDIENCE_GENDERS)[number];

/** `hasContactDetails[].contactType` values; `phone` is added by some clients. */
export const CONTACT_TYPES = [
  'bbm',
  'email',
  'facebook',
  'instagram',
  'itunes',
  'kakao',
  'kik',
  'lineid',
  'linktree',
  'phone',
  'pinterest',
  'sarahah',
  'sayat',
  'skype',
  'snapchat',
  'tiktok',
  'tumblr',
  'twitchtv',
  'twitter',
  'vk',
  'wechat',
  'youtube',
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const FILTER_ACTIONS = ['must', 'should', 'not'] as const;
export type FilterAction = (typeof FILTER_ACTIONS)[number];

export const GROWTH_INTERVALS = ['i1month', 'i2months', 'i3months', 'i4months', 'i5months', 'i6months'] as const;
export type GrowthInterval = (typeof GROWTH_INTERVALS)[number];

export const GROWTH_OPERATORS = ['gte', 'gt', 'lt', 'lte'] as const;
export type GrowthOperator = (typeof GROWTH_OPERATORS)[number];

/** Search filter account types (numeric); the report returns the label instead. */
export const ACCOUNT_TYPES = [1, 2, 3] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS = { 1: 'Regular', 2: 'Business', 3: 'Creator' } as const satisfies Record<
  AccountType,
  string
>;
export const REPORT_ACCOUNT_TYPES = ['Regular', 'Business', 'Creator'] as const;

export const TEXT_TAG_TYPES = ['hashtag', 'mention'] as const;
export type TextTagType = (typeof TEXT_TAG_TYPES)[number];

export const FILTER_OPERATORS = ['and', 'or', 'not'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Filter names a `filterOperations` entry may refer to. */
export const FILTER_OPERATION_FILTERS = [
  'followers',
  'engagements',
  'engagementRate',
  'lastposted',
  'bio',
  'keywords',
  'relevance',
  'language',
  'gender',
  'age',
  'location',
  'isVerified',
  'interests',
  'brands',
  'accountTypes',
  'hasSponsoredPosts',
  'textTags',
] as const;
export type FilterOperationFilter = (typeof FILTER_OPERATION_FILTERS)[number];

/** Dictionary and lookup endpoints per platform (`GET /{platform}/{kind}`). */
export const DICTIONARY_KINDS = {
  instagram: ['brands', 'interests', 'topics', 'languages', 'locations', 'users', 'hashtags'],
  tiktok: ['languages', 'locations', 'users', 'topics'],
  youtube: ['languages', 'locations', 'users', 'topics'],
} as const;
export const ALL_DICTIONARY_KINDS = [
  'brands',
  'interests',
  'topics',
  'languages',
  'locations',
  'users',
  'hashtags',
] as const;
export type DictionaryKind<P extends Platform = Platform> = (typeof DICTIONARY_KINDS)[P][number];

/** Search pages are 0-based with 15 hits each; the provider stops at page 665 (about 10k results). */
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_MAX_PAGE = 665;
/** The audience-overlap endpoint compares 2 to 10 influencers (the maximum is not documented). */
export const OVERLAP_MIN_INFLUENCERS = 2;
export const OVERLAP_MAX_INFLUENCERS = 10;
/** Emails per email-search call (the discovery API's limit; the provider's own cap is unknown). */
export const EMAIL_SEARCH_MAX_EMAILS = 50;
