/** The search body: sorts, filters and their zod schemas, and its validation (semantics: search.ts). */
import { z } from 'zod';
import { AGE_BANDS, CONTACT_TYPES, GROWTH_INTERVALS, type Platform } from './constants.ts';
import { invalidParams, ProviderError } from './errors.ts';

export const PAGE_SIZE = 15;
export const MAX_PAGE = 665;
/** Averages sit above medians for these skewed metrics. */
export const AVERAGE_FACTOR = 1.12;
export const DEFAULT_AUDIENCE_WEIGHTS = {
  location: 0.2,
  language: 0.2,
  gender: 0.5,
  age: 0.3,
  ageRange: 0.3,
  interests: 0.3,
} as const;

const COMMON_SORTS = [
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
] as const;
export const SORT_FIELDS = {
  instagram: [...COMMON_SORTS, 'audienceInterest', 'reelsPlays'],
  tiktok: [...COMMON_SORTS, 'views', 'shares', 'saves', 'likesGrowth'],
  youtube: [...COMMON_SORTS, 'views', 'viewsGrowth'],
} as const satisfies Record<Platform, readonly string[]>;
export type SortField = (typeof SORT_FIELDS)[Platform][number];

export const OPERATION_FILTERS = [
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

const range = z.strictObject({ min: z.number().min(0).optional(), max: z.number().min(0).optional() });
const growth = z.strictObject({
  interval: z.enum(GROWTH_INTERVALS),
  value: z.number(),
  operator: z.enum(['gte', 'gt', 'lt', 'lte']),
});
const weight = z.number().min(0).max(1).optional();
const creatorAge = z.union([z.literal(18), z.literal(25), z.literal(35), z.literal(45), z.literal(65)]);
const textTags = z
  .array(
    z.strictObject({
      type: z.enum(['hashtag', 'mention']),
      value: z.string().regex(/^[^#@\s][^\s]*$/, 'give the tag without # or @'),
    }),
  )
  .min(1);

const commonInfluencer = {
  followers: range.optional(),
  engagements: range.optional(),
  engagementRate: z.number().min(0).max(1).optional(),
  location: z.array(z.number().int()).min(1).optional(),
  language: z.string().min(1).optional(),
  lastposted: z.number().int().min(30).optional(),
  relevance: z
    .array(z.string().regex(/^[#@][^\s#@]+$/, 'use "#tag" or "@user"'))
    .min(1)
    .max(100)
    .optional(),
  audienceRelevance: z
    .array(z.string().regex(/^@[^\s@]+$/, 'use "@user"'))
    .min(1)
    .max(100)
    .optional(),
  gender: z.enum(['MALE', 'FEMALE', 'KNOWN', 'UNKNOWN']).optional(),
  age: z.strictObject({ min: creatorAge.optional(), max: creatorAge.optional() }).optional(),
  followersGrowthRate: growth.optional(),
  bio: z.string().min(1).optional(),
  keywords: z.string().min(1).optional(),
  hasContactDetails: z
    .array(z.strictObject({ contactType: z.enum(CONTACT_TYPES), filterAction: z.enum(['must', 'should', 'not']) }))
    .min(1)
    .optional(),
  isVerified: z.boolean().optional(),
  filterOperations: z
    .array(z.strictObject({ operator: z.enum(['and', 'or', 'not']), filter: z.enum(OPERATION_FILTERS) }))
    .optional(),
};
const influencerSchemas = {
  instagram: z.strictObject({
    ...commonInfluencer,
    textTags: textTags.optional(),
    accountTypes: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
      .min(1)
      .optional(),
    hasYouTube: z.boolean().optional(),
    brands: z.array(z.number().int()).min(1).optional(),
    interests: z.array(z.number().int()).min(1).optional(),
    hasSponsoredPosts: z.boolean().optional(),
    reelsPlays: range.optional(),
  }),
  tiktok: z.strictObject({
    ...commonInfluencer,
    textTags: textTags.optional(),
    views: range.optional(),
    shares: range.optional(),
    saves: range.optional(),
    likesGrowthRate: growth.optional(),
  }),
  youtube: z.strictObject({
    ...commonInfluencer,
    views: range.optional(),
    viewsGrowthRate: growth.optional(),
    isOfficialArtist: z.boolean().optional(),
  }),
};
const commonAudience = {
  location: z
    .array(z.strictObject({ id: z.number().int(), weight }))
    .min(1)
    .optional(),
  language: z.strictObject({ id: z.string().min(1), weight }).optional(),
  gender: z.strictObject({ id: z.enum(['MALE', 'FEMALE']), weight }).optional(),
  age: z
    .array(z.strictObject({ id: z.enum(AGE_BANDS), weight }))
    .min(1)
    .optional(),
  ageRange: z
    .strictObject({
      min: z.enum(['13', '18', '25', '35', '45', '65']).optional(),
      max: z.enum(['17', '24', '34', '44', '64']).optional(),
      weight,
    })
    .optional(),
};
const audienceSchemas = {
  instagram: z.strictObject({
    ...commonAudience,
    interests: z
      .array(z.strictObject({ id: z.number().int(), weight }))
      .min(1)
      .optional(),
    credibility: z.number().min(0).max(1).optional(),
  }),
  tiktok: z.strictObject(commonAudience),
  youtube: z.strictObject(commonAudience),
};

function bodySchema<P extends Platform>(platform: P) {
  return z.strictObject({
    page: z.number().int().min(0).optional(),
    calculationMethod: z.enum(['median', 'average']).optional(),
    sort: z
      .strictObject({
        field: z.enum(SORT_FIELDS[platform] as readonly SortField[] as [SortField, ...SortField[]]),
        value: z.number().optional(),
        direction: z.enum(['asc', 'desc']).optional(),
      })
      .optional(),
    filter: z
      .strictObject({
        influencer: influencerSchemas[platform].optional(),
        audience: audienceSchemas[platform].optional(),
      })
      .optional(),
    access_token: z.string().optional(),
  });
}
const bodySchemas = {
  instagram: bodySchema('instagram'),
  tiktok: bodySchema('tiktok'),
  youtube: bodySchema('youtube'),
};

export type Growth = z.infer<typeof growth>;
export const intervalIndex = (interval: Growth['interval']) => GROWTH_INTERVALS.indexOf(interval);
type InfluencerFilter = Partial<
  z.infer<(typeof influencerSchemas)['instagram']> &
    z.infer<(typeof influencerSchemas)['tiktok']> &
    z.infer<(typeof influencerSchemas)['youtube']>
>;
type AudienceFilter = Partial<z.infer<(typeof audienceSchemas)['instagram']>>;
export interface SearchBody {
  page?: number;
  calculationMethod?: 'median' | 'average';
  sort?: { field: SortField; value?: number; direction?: 'asc' | 'desc' };
  filter?: { influencer?: InfluencerFilter; audience?: AudienceFilter };
}

export interface SearchHit {
  userId: string;
  profile: {
    userId: string;
    username: string;
    fullname: string;
    url: string;
    picture: string;
    followers: number;
    engagements: number;
    engagementRate: number;
    isVerified: boolean;
    handle?: string;
    averageViews?: number;
  };
  match: { influencer: Record<string, unknown>; audience: Record<string, unknown> };
}
export interface SearchResponse {
  error: false;
  total: number;
  lookalikes: SearchHit[];
  directs: SearchHit[];
  isExactMatch: boolean;
}

/** Validates a search body for a platform; throws `invalid_body_params` or `page_limit`. */
export function parseSearchBody(platform: Platform, body: unknown): SearchBody {
  const parsed = bodySchemas[platform].safeParse(body);
  if (!parsed.success) throw invalidParams(parsed.error);
  const value = parsed.data as SearchBody;
  if ((value.page ?? 0) > MAX_PAGE)
    throw new ProviderError(400, 'page_limit', `page must be between 0 and ${MAX_PAGE} (about 10,000 results).`);
  const audience = value.filter?.audience;
  if (audience?.age && audience.ageRange)
    throw new ProviderError(400, 'invalid_body_params', 'filter.audience: use either age or ageRange, not both.');
  const age = value.filter?.influencer?.age;
  if (age?.min !== undefined && age.max !== undefined && age.min >= age.max)
    throw new ProviderError(400, 'invalid_body_params', 'filter.influencer.age: min must be below max.');
  return value;
}
