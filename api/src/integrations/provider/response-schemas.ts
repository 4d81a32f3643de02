import { z } from 'zod';

/*
 * Response bodies of the Discovery endpoints (CONTRACT.md §2.4, §4–§8). Objects are loose, so keys
 * the provider adds later survive into caches and routes; the fields the product relies on are
 * required and typed. Optional values may be null as well as absent: a metered answer must not be
 * thrown away because the provider sent `null` for a detail.
 */

/** The provider's error body on any non-2xx status: branch on `code`, never on `message`. */
export const ProviderErrorBodySchema = z.looseObject({
  error: z.literal(true),
  code: z.string(),
  message: z.string().nullish(),
});
export type ProviderErrorBody = z.infer<typeof ProviderErrorBodySchema>;

const errorFlag = z.boolean().optional();

export const SearchHitSchema = z.looseObject({
  userId: z.string(),
  profile: z.looseObject({
    userId: z.string(),
    username: z.string().nullish(),
    fullname: z.string().nullish(),
    url: z.string().nullish(),
    picture: z.string().nullish(),
    followers: z.number(),
    engagements: z.number().nullish(),
    /** A fraction: 0.027 = 2.7 %. */
    engagementRate: z.number().nullish(),
    isVerified: z.boolean().nullish(),
    handle: z.string().nullish(),
    averageViews: z.number().nullish(),
  }),
  match: z
    .looseObject({
      influencer: z.record(z.string(), z.unknown()).nullish(),
      audience: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** One search page; the same shape on the three platforms. */
export const SearchResponseSchema = z.looseObject({
  error: errorFlag,
  /** Total matches, not the page count. */
  total: z.number(),
  lookalikes: z.array(SearchHitSchema),
  directs: z.array(SearchHitSchema).optional(),
  isExactMatch: z.boolean().optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const OverlapResponseSchema = z.looseObject({
  error: errorFlag,
  reportInfo: z.looseObject({ totalFollowers: z.number(), totalUniqueFollowers: z.number() }),
  data: z.array(
    z.looseObject({
      userId: z.string(),
      username: z.string().nullish(),
      followers: z.number(),
      uniquePercentage: z.number(),
      overlappingPercentage: z.number(),
    }),
  ),
});
export type OverlapResponse = z.infer<typeof OverlapResponseSchema>;

const total = z.number().nullish();
const tagsResponse = z.looseObject({ error: errorFlag, tags: z.array(z.string()) });

export const LocationsResponseSchema = z.looseObject({
  error: errorFlag,
  locations: z.array(z.looseObject({ id: z.number(), name: z.string(), title: z.string().nullish() })),
  total,
});
export const LanguagesResponseSchema = z.looseObject({
  error: errorFlag,
  languages: z.array(z.looseObject({ code: z.string(), name: z.string() })),
  total,
});
export const InterestsResponseSchema = z.looseObject({
  error: errorFlag,
  interests: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  total,
});
export const BrandsResponseSchema = z.looseObject({
  error: errorFlag,
  brands: z.array(z.looseObject({ id: z.number(), name: z.string(), count: z.number().nullish() })),
  total,
});
export const TopicsResponseSchema = tagsResponse;
export const HashtagsResponseSchema = tagsResponse;

/** `/users` lookup entry. Sources disagree on `picture` vs `profile_picture`: both are read. */
export const UserLookupSchema = z.looseObject({
  userId: z.string(),
  username: z.string(),
  fullname: z.string().nullish(),
  picture: z.string().nullish(),
  profile_picture: z.string().nullish(),
  followers: z.number(),
  isVerified: z.boolean().nullish(),
});
export type UserLookup = z.infer<typeof UserLookupSchema>;
export const UsersResponseSchema = z.looseObject({ error: errorFlag, users: z.array(UserLookupSchema), total });

/** The picture of a `/users` entry under either of its documented names. */
export function userLookupPicture(user: UserLookup): string | undefined {
  return user.picture ?? user.profile_picture ?? undefined;
}

export const DICTIONARY_RESPONSE_SCHEMAS = {
  locations: LocationsResponseSchema,
  languages: LanguagesResponseSchema,
  interests: InterestsResponseSchema,
  brands: BrandsResponseSchema,
  topics: TopicsResponseSchema,
  hashtags: HashtagsResponseSchema,
  users: UsersResponseSchema,
} as const;
type DictionarySchemas = typeof DICTIONARY_RESPONSE_SCHEMAS;
export type AnyDictionaryResponse = z.infer<DictionarySchemas[keyof DictionarySchemas]>;
/** The body of dictionary `K`; any dictionary body when `K` is only known at run time. */
export type DictionaryResponse<K extends string = string> = [K] extends [never]
  ? AnyDictionaryResponse
  : K extends keyof DictionarySchemas
    ? z.infer<DictionarySchemas[K]>
    : AnyDictionaryResponse;

const MetricSchema = z.looseObject({ numberOfItems: z.number(), value: z.number().nullable() });
const MetricStatsSchema = z.looseObject({
  mean: z.array(MetricSchema).nullish(),
  min: z.array(MetricSchema).nullish(),
  max: z.array(MetricSchema).nullish(),
  median: z.array(MetricSchema).nullish(),
});

/** Performance over the last 6/12/30 items of one content type (snake_case keys, as sent). */
export const PerformanceBlockSchema = z.looseObject({
  total: z.number().nullish(),
  posts_with_hidden_likes: z.number().nullish(),
  reels_with_hidden_likes: z.number().nullish(),
  videos_with_turned_off_comments: z.number().nullish(),
  shorts_with_turned_off_comments: z.number().nullish(),
  likes: MetricStatsSchema.nullish(),
  comments: MetricStatsSchema.nullish(),
  views: MetricStatsSchema.nullish(),
  engagement_rate: z.array(MetricSchema).nullish(),
  posting_statistics: z.record(z.string(), z.unknown()).nullish(),
});
export type PerformanceBlock = z.infer<typeof PerformanceBlockSchema>;

/** IG sends posts and reels, TikTok posts, YouTube videos and shorts; at least one block is required. */
export const PerformanceResponseSchema = z
  .looseObject({
    error: errorFlag,
    posts: PerformanceBlockSchema.nullish(),
    reels: PerformanceBlockSchema.nullish(),
    videos: PerformanceBlockSchema.nullish(),
    shorts: PerformanceBlockSchema.nullish(),
  })
  .refine((body) => Boolean(body.posts || body.reels || body.videos || body.shorts), {
    message: 'Expected at least one of posts, reels, videos or shorts',
  });
export type PerformanceResponse = z.infer<typeof PerformanceResponseSchema>;

export const EmailSearchUserSchema = z.looseObject({
  /** instagram, tiktok or youtube; kept open so a new platform does not void a metered answer. */
  platform: z.string(),
  userId: z.string().nullish(),
  url: z.string().nullish(),
  username: z.string(),
  fullname: z.string().nullish(),
  picture: z.string().nullish(),
  followers: z.number().nullish(),
  engagements: z.number().nullish(),
  engagementRate: z.number().nullish(),
});
export const EmailSearchResponseSchema = z.looseObject({
  error: errorFlag,
  matchedEmails: z.array(z.looseObject({ email: z.string(), users: z.array(EmailSearchUserSchema) })),
  notMatchedEmails: z.array(z.string()).nullish(),
  totalMatches: z.number().nullish(),
});
export type EmailSearchResponse = z.infer<typeof EmailSearchResponseSchema>;

export const UserInfoResponseSchema = z.looseObject({
  error: errorFlag,
  billing: z.looseObject({ credits: z.number(), rawRequests: z.number() }),
  rateLimits: z.looseObject({ discoveryRatelimit: z.number().nullish(), rawRatelimit: z.number().nullish() }).nullish(),
});
export type UserInfoResponse = z.infer<typeof UserInfoResponseSchema>;
