import {
  ACCOUNT_TYPES,
  AUDIENCE_AGE_BANDS,
  AUDIENCE_AGE_RANGE_MAX,
  AUDIENCE_AGE_RANGE_MIN,
  AUDIENCE_GENDERS,
  CALCULATION_METHODS,
  CONTACT_TYPES,
  FILTER_ACTIONS,
  FILTER_OPERATION_FILTERS,
  FILTER_OPERATORS,
  GROWTH_INTERVALS,
  GROWTH_OPERATORS,
  INFLUENCER_AGES,
  INFLUENCER_GENDERS,
  INSTAGRAM_SORT_FIELDS,
  type Platform,
  SEARCH_MAX_PAGE,
  SORT_DIRECTIONS,
  TEXT_TAG_TYPES,
  TIKTOK_SORT_FIELDS,
  YOUTUBE_SORT_FIELDS,
} from '@kollab/contract/provider-enums';
import { z } from 'zod';

/*
 * Search request bodies (CONTRACT.md §2.1–2.3). Objects are strict: a misspelt filter is rejected
 * here instead of being ignored by the provider on a call that still costs credits.
 */

const fraction = z.number().min(0).max(1);
const count = z.number().int().min(0);
const id = z.number().int().nonnegative();

/** `{min?, max?}` with min ≤ max. */
export const RangeSchema = z
  .strictObject({ min: count.optional(), max: count.optional() })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
    message: 'min must not be greater than max',
    path: ['max'],
  });

export const GrowthRateSchema = z.strictObject({
  interval: z.enum(GROWTH_INTERVALS),
  value: z.number(),
  operator: z.enum(GROWTH_OPERATORS),
});

const InfluencerAgeSchema = z.literal(INFLUENCER_AGES);

const baseInfluencer = {
  followers: RangeSchema.optional(),
  /** Minimum engagement rate as a fraction; the provider rejects `{min}` here. */
  engagementRate: fraction.optional(),
  location: z.array(id).min(1).optional(),
  language: z.string().min(1).optional(),
  lastposted: z.number().int().min(30).optional(),
  relevance: z
    .array(z.string().regex(/^[#@]\S+$/, 'Each entry is a #hashtag or an @username'))
    .min(1)
    .max(100)
    .optional(),
  audienceRelevance: z
    .array(z.string().regex(/^@\S+$/, 'Each entry is an @username'))
    .min(1)
    .optional(),
  gender: z.enum(INFLUENCER_GENDERS).optional(),
  age: z
    .strictObject({ min: InfluencerAgeSchema.optional(), max: InfluencerAgeSchema.optional() })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
      message: 'min must not be greater than max',
      path: ['max'],
    })
    .optional(),
  followersGrowthRate: GrowthRateSchema.optional(),
  bio: z.string().min(1).optional(),
  keywords: z.string().min(1).optional(),
  hasContactDetails: z
    .array(z.strictObject({ contactType: z.enum(CONTACT_TYPES), filterAction: z.enum(FILTER_ACTIONS) }))
    .min(1)
    .optional(),
  isVerified: z.boolean().optional(),
  engagements: RangeSchema.optional(),
  filterOperations: z
    .array(z.strictObject({ operator: z.enum(FILTER_OPERATORS), filter: z.enum(FILTER_OPERATION_FILTERS) }))
    .optional(),
};

const TextTagsSchema = z
  .array(z.strictObject({ type: z.enum(TEXT_TAG_TYPES), value: z.string().regex(/^[^#@\s]\S*$/, 'Without # or @') }))
  .min(1);

export const InstagramInfluencerFilterSchema = z.strictObject({
  ...baseInfluencer,
  textTags: TextTagsSchema.optional(),
  accountTypes: z.array(z.literal(ACCOUNT_TYPES)).min(1).optional(),
  hasYouTube: z.boolean().optional(),
  brands: z.array(id).min(1).optional(),
  interests: z.array(id).min(1).optional(),
  hasSponsoredPosts: z.boolean().optional(),
  reelsPlays: RangeSchema.optional(),
});

export const TiktokInfluencerFilterSchema = z.strictObject({
  ...baseInfluencer,
  textTags: TextTagsSchema.optional(),
  views: RangeSchema.optional(),
  shares: RangeSchema.optional(),
  saves: RangeSchema.optional(),
  likesGrowthRate: GrowthRateSchema.optional(),
});

export const YoutubeInfluencerFilterSchema = z.strictObject({
  ...baseInfluencer,
  views: RangeSchema.optional(),
  viewsGrowthRate: GrowthRateSchema.optional(),
  isOfficialArtist: z.boolean().optional(),
});

const baseAudience = {
  location: z
    .array(z.strictObject({ id, weight: fraction.optional() }))
    .min(1)
    .optional(),
  language: z.strictObject({ id: z.string().min(1), weight: fraction.optional() }).optional(),
  gender: z.strictObject({ id: z.enum(AUDIENCE_GENDERS), weight: fraction.optional() }).optional(),
  age: z
    .array(z.strictObject({ id: z.enum(AUDIENCE_AGE_BANDS), weight: fraction.optional() }))
    .min(1)
    .optional(),
  ageRange: z
    .strictObject({
      min: z.enum(AUDIENCE_AGE_RANGE_MIN),
      max: z.enum(AUDIENCE_AGE_RANGE_MAX),
      weight: fraction.optional(),
    })
    .refine((r) => Number(r.min) < Number(r.max), { message: 'min must be below max', path: ['max'] })
    .optional(),
};

export const InstagramAudienceFilterSchema = z.strictObject({
  ...baseAudience,
  interests: z
    .array(z.strictObject({ id, weight: fraction.optional() }))
    .min(1)
    .optional(),
  credibility: fraction.optional(),
});
export const TiktokAudienceFilterSchema = z.strictObject(baseAudience);
export const YoutubeAudienceFilterSchema = z.strictObject(baseAudience);

/** Sort fields that only work when the matching filter is set (CONTRACT.md §2.1). */
const SORT_NEEDS_FILTER: Record<string, { where: 'influencer' | 'audience'; filters: string[] }> = {
  keywords: { where: 'influencer', filters: ['keywords'] },
  followersGrowth: { where: 'influencer', filters: ['followersGrowthRate'] },
  likesGrowth: { where: 'influencer', filters: ['likesGrowthRate'] },
  viewsGrowth: { where: 'influencer', filters: ['viewsGrowthRate'] },
  audienceGeo: { where: 'audience', filters: ['location'] },
  audienceLang: { where: 'audience', filters: ['language'] },
  audienceGender: { where: 'audience', filters: ['gender'] },
  audienceAge: { where: 'audience', filters: ['age', 'ageRange'] },
  audienceInterest: { where: 'audience', filters: ['interests'] },
};
const SORT_TAKES_VALUE = new Set(['audienceGeo', 'audienceInterest']);

interface SearchBodyShape {
  sort?: { field: string; value?: number };
  filter: { influencer?: Record<string, unknown>; audience?: Record<string, unknown> };
}

/**
 * Cross-field rules of a search body that zod's per-field schemas cannot express. Exported so a
 * route that extends the body object (e.g. with `refresh`) can apply the same checks.
 */
export function checkSearchBody(body: SearchBodyShape, ctx: z.RefinementCtx): void {
  const { influencer = {}, audience = {} } = body.filter;
  if (audience.age !== undefined && audience.ageRange !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'Use either age or ageRange, not both', path: ['filter', 'audience'] });
  }
  const operations = (influencer.filterOperations ?? []) as { operator: string; filter: string }[];
  if (operations.filter((op) => op.operator === 'or').length === 1) {
    ctx.addIssue({
      code: 'custom',
      message: 'An "or" operation needs at least two filters',
      path: ['filter', 'influencer', 'filterOperations'],
    });
  }
  if (!body.sort) return;
  const { field, value } = body.sort;
  if (value !== undefined && !SORT_TAKES_VALUE.has(field)) {
    ctx.addIssue({ code: 'custom', message: `sort.value is not used with ${field}`, path: ['sort', 'value'] });
  }
  const need = SORT_NEEDS_FILTER[field];
  const group = need?.where === 'audience' ? audience : influencer;
  if (need && !need.filters.some((name) => group[name] !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: `Sorting by ${field} needs the filter.${need.where}.${need.filters.join(' or ')} filter`,
      path: ['sort', 'field'],
    });
  }
  if (operations.some((op) => op.filter === field && op.operator !== 'and')) {
    ctx.addIssue({
      code: 'custom',
      message: `Cannot sort by ${field} while a filter operation turns it into or/not`,
      path: ['sort', 'field'],
    });
  }
}

function searchBodyObject<
  F extends readonly [string, ...string[]],
  I extends z.ZodType<Record<string, unknown>>,
  A extends z.ZodType<Record<string, unknown>>,
>(sortFields: F, influencer: I, audience: A) {
  return z.strictObject({
    page: z.number().int().min(0).max(SEARCH_MAX_PAGE).optional(),
    calculationMethod: z.enum(CALCULATION_METHODS).optional(),
    sort: z
      .strictObject({
        field: z.enum(sortFields),
        value: id.optional(),
        direction: z.enum(SORT_DIRECTIONS).optional(),
      })
      .optional(),
    filter: z.strictObject({ influencer: influencer.optional(), audience: audience.optional() }),
  });
}

/** The search body objects without the cross-field checks, for routes that extend them. */
export const SEARCH_BODY_OBJECTS = {
  instagram: searchBodyObject(INSTAGRAM_SORT_FIELDS, InstagramInfluencerFilterSchema, InstagramAudienceFilterSchema),
  tiktok: searchBodyObject(TIKTOK_SORT_FIELDS, TiktokInfluencerFilterSchema, TiktokAudienceFilterSchema),
  youtube: searchBodyObject(YOUTUBE_SORT_FIELDS, YoutubeInfluencerFilterSchema, YoutubeAudienceFilterSchema),
};

export const InstagramSearchBodySchema = SEARCH_BODY_OBJECTS.instagram.superRefine(checkSearchBody);
export const TiktokSearchBodySchema = SEARCH_BODY_OBJECTS.tiktok.superRefine(checkSearchBody);
export const YoutubeSearchBodySchema = SEARCH_BODY_OBJECTS.youtube.superRefine(checkSearchBody);

export type InstagramSearchBody = z.output<typeof InstagramSearchBodySchema>;
export type TiktokSearchBody = z.output<typeof TiktokSearchBodySchema>;
export type YoutubeSearchBody = z.output<typeof YoutubeSearchBodySchema>;
export type SearchBody<P extends Platform = Platform> = {
  instagram: InstagramSearchBody;
  tiktok: TiktokSearchBody;
  youtube: YoutubeSearchBody;
}[P];

/**
 * The search body schema per platform. Typed by the union of the three bodies so that indexing
 * with a runtime platform gives one usable schema; the per-platform schemas above keep exact types.
 */
export const SEARCH_BODY_SCHEMAS: Readonly<Record<Platform, z.ZodType<SearchBody>>> = {
  instagram: InstagramSearchBodySchema,
  tiktok: TiktokSearchBodySchema,
  youtube: YoutubeSearchBodySchema,
};
