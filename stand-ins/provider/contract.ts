/**
 * Zod schemas of the response shapes the sample provider promises (CONTRACT.md §2–§8). The tests
 * check every answer against them, so a change to a payload that breaks the contract fails loudly.
 * Objects are loose: the provider may add fields (they are kept when parsing), clients must ignore unknown ones.
 */
import { z } from 'zod';
import { AGE_BANDS } from './constants.ts';

const fraction = z.number().min(0).max(1);
const count = z.number().int().min(0);

export const ErrorBodySchema = z.strictObject({ error: z.literal(true), code: z.string().min(1), message: z.string() });

export const SearchHitSchema = z.looseObject({
  userId: z.string(),
  profile: z.looseObject({
    userId: z.string(),
    username: z.string(),
    fullname: z.string(),
    url: z.url(),
    picture: z.url(),
    followers: count,
    engagements: count,
    engagementRate: z.number().min(0),
    isVerified: z.boolean(),
    handle: z.string().optional(),
    averageViews: count.optional(),
  }),
  match: z.looseObject({
    influencer: z
      .object({
        geo: z
          .object({
            country: z.looseObject({ id: z.number(), name: z.string() }).optional(),
            city: z.looseObject({ id: z.number(), name: z.string() }).optional(),
          })
          .optional(),
        gender: z.string().nullable().optional(),
      })
      .optional(),
    audience: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const SearchResponseSchema = z.looseObject({
  error: z.literal(false),
  total: count,
  lookalikes: z.array(SearchHitSchema).max(15),
  directs: z.array(SearchHitSchema),
  isExactMatch: z.boolean(),
});

export const UserRefSchema = z.looseObject({
  userId: z.string(),
  username: z.string(),
  fullname: z.string().optional(),
  url: z.url(),
  picture: z.url(),
  followers: count,
  engagements: count.optional(),
  isVerified: z.boolean().optional(),
});

const PostSchema = z.looseObject({
  id: z.string(),
  text: z.string().optional(),
  url: z.url(),
  created: z.iso.datetime(),
  likes: count.optional(),
  comments: count.optional(),
  views: count.optional(),
  thumbnail: z.string().optional(),
  type: z.string().optional(),
  mentions: z.array(z.string()).optional(),
  hashtags: z.array(z.string()).optional(),
});
const weighted = <T extends z.ZodRawShape>(shape: T) => z.array(z.looseObject({ ...shape, weight: fraction }));
const AudienceSchema = z.looseObject({
  credibility: fraction.optional(),
  notable: fraction,
  notableUsers: z.array(UserRefSchema),
  audienceLookalikes: z.array(UserRefSchema),
  genders: weighted({ code: z.enum(['MALE', 'FEMALE']) }),
  ages: weighted({ code: z.enum(AGE_BANDS) }),
  gendersPerAge: z.array(z.looseObject({ code: z.enum(AGE_BANDS), male: fraction, female: fraction })),
  geoCountries: weighted({ name: z.string(), code: z.string().length(2) }),
  geoStates: weighted({ name: z.string() }).optional(),
  geoCities: weighted({ name: z.string() }).optional(),
  languages: weighted({ code: z.string(), name: z.string() }),
  interests: weighted({ name: z.string() }).optional(),
  brandAffinity: weighted({ name: z.string() }).optional(),
  ethnicities: weighted({ code: z.string(), name: z.string() }).optional(),
  audienceReachability: weighted({ code: z.enum(['-500', '500-1000', '1000-1500', '1500-']) }).optional(),
  audienceTypes: weighted({ code: z.enum(['real', 'suspicious', 'mass_followers', 'influencers']) }).optional(),
});

export const ReportProfileSchema = z.looseObject({
  userId: z.string(),
  profile: z.looseObject({
    userId: z.string(),
    fullname: z.string(),
    username: z.string(),
    url: z.url(),
    picture: z.url(),
    followers: count,
    engagements: count,
    engagementRate: z.number().min(0),
  }),
  isPrivate: z.boolean(),
  isVerified: z.boolean(),
  accountType: z.enum(['Regular', 'Business', 'Creator']).optional(),
  gender: z.enum(['MALE', 'FEMALE']).optional(),
  ageGroup: z.enum(AGE_BANDS).optional(),
  country: z.string().length(2),
  state: z.string().optional(),
  city: z.string().optional(),
  language: z.looseObject({ code: z.string(), name: z.string() }),
  bio: z.string().optional(),
  contacts: z.array(z.looseObject({ type: z.string(), value: z.string() })),
  interests: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  brandAffinity: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  hashtags: z.array(z.looseObject({ tag: z.string(), weight: fraction })),
  mentions: z.array(z.looseObject({ tag: z.string(), weight: fraction })),
  postsCount: count,
  avgLikes: count,
  avgComments: count,
  avgViews: count.optional(),
  stats: z.record(z.string(), z.looseObject({ value: z.number(), compared: z.number() })),
  statsByContentType: z.record(z.string(), z.looseObject({})),
  statHistory: z
    .array(
      z.looseObject({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        followers: count,
        following: count,
        avgLikes: count,
        avgViews: count,
        avgComments: count,
      }),
    )
    .length(6),
  recentPosts: z.array(PostSchema),
  popularPosts: z.array(PostSchema),
  sponsoredPosts: z.array(
    PostSchema.extend({ sponsors: z.array(z.looseObject({ name: z.string(), domain: z.string().optional() })) }),
  ),
  lookalikes: z.array(UserRefSchema),
  audience: AudienceSchema,
  audienceExtra: z.looseObject({
    followersRange: z.looseObject({ leftNumber: count, rightNumber: count }),
    engagementRateDistribution: z.array(
      z.looseObject({ min: z.number(), max: z.number(), total: count, median: z.boolean().optional() }),
    ),
    credibilityDistribution: z
      .array(z.looseObject({ min: z.number(), max: z.number(), total: count, median: z.boolean().optional() }))
      .optional(),
  }),
});
export const ReportResponseSchema = z.looseObject({ error: z.literal(false), profile: ReportProfileSchema });
export const TiktokReportExtrasSchema = z.looseObject({ secUid: z.string(), totalLikes: count, avgShares: count });
export const YoutubeReportExtrasSchema = z.looseObject({
  profile: z.looseObject({ handle: z.string(), description: z.string(), totalViews: count }),
  handle: z.string(),
  description: z.string(),
  totalViews: count,
  audienceCommenters: AudienceSchema.pick({
    notable: true,
    genders: true,
    ages: true,
    geoCountries: true,
    languages: true,
    notableUsers: true,
    audienceLookalikes: true,
    gendersPerAge: true,
  }),
  lookalikesByTopics: z.array(UserRefSchema),
});

export const OverlapResponseSchema = z.looseObject({
  error: z.literal(false),
  reportInfo: z.looseObject({ totalFollowers: count, totalUniqueFollowers: count }),
  data: z
    .array(
      z.looseObject({
        userId: z.string(),
        username: z.string().optional(),
        followers: count,
        uniquePercentage: fraction,
        overlappingPercentage: fraction,
      }),
    )
    .min(2),
});

const MetricSchema = z.array(z.looseObject({ numberOfItems: count, value: z.number() }));
const StatSchema = z.looseObject({ mean: MetricSchema, min: MetricSchema, max: MetricSchema, median: MetricSchema });
export const PerformanceBlockSchema = z.looseObject({
  total: count,
  likes: StatSchema,
  comments: StatSchema,
  views: StatSchema,
  engagement_rate: MetricSchema,
  posting_statistics: z.looseObject({
    daily: z.looseObject({ mean: z.looseObject({ numberOfItems: count, value: z.number() }) }),
  }),
});

export const EmailSearchResponseSchema = z.looseObject({
  error: z.literal(false),
  matchedEmails: z.array(
    z.looseObject({
      email: z.string(),
      users: z
        .array(
          z.looseObject({
            platform: z.enum(['instagram', 'tiktok', 'youtube']),
            userId: z.string(),
            url: z.url(),
            username: z.string(),
            fullname: z.string().optional(),
            picture: z.url(),
            followers: count,
            engagements: count,
            engagementRate: z.number(),
          }),
        )
        .min(1),
    }),
  ),
  notMatchedEmails: z.array(z.string()),
  totalMatches: count,
});

export const UserInfoResponseSchema = z.strictObject({
  error: z.literal(false),
  billing: z.strictObject({ credits: z.number().min(0), rawRequests: count }),
  rateLimits: z.strictObject({ discoveryRatelimit: z.number(), rawRatelimit: z.number() }),
});

export const IgMediaSchema = z.looseObject({
  pk: z.string(),
  id: z.string(),
  code: z.string(),
  taken_at: count,
  media_type: z.union([z.literal(1), z.literal(2), z.literal(8)]),
  product_type: z.enum(['feed', 'clips', 'carousel_container']),
  caption: z.looseObject({ text: z.string() }),
  like_count: z.number().int().min(-1),
  comment_count: count,
  view_count: z.null(),
  play_count: count.nullable(),
  is_paid_partnership: z.boolean(),
  image_versions2: z.looseObject({ candidates: z.array(z.looseObject({ url: z.url(), width: count, height: count })) }),
  user: z.looseObject({ pk: z.string(), username: z.string() }),
});
export const IgFeedSchema = z.looseObject({
  items: z.array(IgMediaSchema),
  more_available: z.boolean(),
  end_cursor: z.string().nullable(),
});
export const IgUserInfoSchema = z.looseObject({
  pk: z.string(),
  username: z.string(),
  full_name: z.string(),
  biography: z.string(),
  is_verified: z.boolean(),
  is_private: z.boolean(),
  follower_count: count,
  following_count: count,
  media_count: count,
  profile_pic_url: z.url(),
  profile_pic_url_hd: z.url(),
  bio_links: z.array(z.looseObject({ title: z.string(), url: z.string() })),
});
export const TiktokVideoSchema = z.looseObject({
  id: z.string().regex(/^\d{19}$/),
  desc: z.string(),
  createTime: count,
  stats: z.looseObject({
    playCount: count,
    diggCount: count,
    commentCount: count,
    shareCount: count,
    collectCount: count,
  }),
  video: z.looseObject({ cover: z.url(), originCover: z.url(), duration: count }),
  author: z.looseObject({ uniqueId: z.string(), nickname: z.string() }),
  music: z.looseObject({ id: z.string(), title: z.string() }),
});
export const TiktokUserInfoSchema = z.looseObject({
  user_info: z.looseObject({
    userInfo: z.looseObject({
      user: z.looseObject({
        id: z.string(),
        uniqueId: z.string(),
        nickname: z.string(),
        avatarLarger: z.url(),
        avatarMedium: z.url(),
        avatarThumb: z.url(),
        signature: z.string(),
        verified: z.boolean(),
        secUid: z.string(),
        privateAccount: z.boolean(),
      }),
      stats: z.looseObject({
        followerCount: count,
        followingCount: count,
        heartCount: count,
        videoCount: count,
        diggCount: count,
      }),
    }),
  }),
});
export const TiktokFeedSchema = (key: string) =>
  z.looseObject({
    [key]: z.looseObject({ items: z.array(TiktokVideoSchema), hasMore: z.boolean(), cursor: z.string().nullable() }),
  });
export const YoutubeVideoSchema = z.looseObject({
  kind: z.literal('youtube#video'),
  id: z.string().length(11),
  snippet: z.looseObject({ publishedAt: z.iso.datetime(), channelId: z.string(), title: z.string() }),
  contentDetails: z.looseObject({ duration: z.string().regex(/^PT/) }),
  statistics: z.looseObject({
    viewCount: z.string().regex(/^\d+$/),
    likeCount: z.string().regex(/^\d+$/),
    commentCount: z.string().regex(/^\d+$/),
  }),
});
export const YoutubeListSchema = z.looseObject({ items: z.array(z.unknown()), nextPageToken: z.string().nullable() });
