import type { RawPlatform } from '@kollab/contract/provider-raw-endpoints';
import { z } from 'zod';

/*
 * Raw API bodies (CONTRACT.md §9). They are the platforms' own payloads passed through, so only
 * the wrappers and identities seen in captures are checked; everything else is kept as sent.
 * Endpoints without a public sample (all of YouTube) are any JSON object.
 */

const str = z.string().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();
const id = z.union([z.string(), z.number()]);

/** Any JSON object: the shape of this payload is not known yet. */
export const RawObjectSchema = z.looseObject({});
export type RawObject = z.infer<typeof RawObjectSchema>;

/** Instagram user object, flat (`GET /raw/ig/user-info`). */
export const IgUserInfoSchema = z.looseObject({
  pk: id,
  username: z.string(),
  full_name: str,
  biography: str,
  category: str,
  external_url: str,
  bio_links: z.array(z.looseObject({ title: str, url: str })).nullish(),
  is_verified: bool,
  is_private: bool,
  is_business: bool,
  follower_count: num,
  following_count: num,
  media_count: num,
  profile_pic_url: str,
  profile_pic_url_hd: str,
});
export type IgUserInfo = z.infer<typeof IgUserInfoSchema>;

/** Instagram media item. `like_count` is -1 when likes are hidden; views are often null on feeds. */
export const IgMediaSchema = z.looseObject({
  pk: id.nullish(),
  id: str,
  code: str,
  taken_at: num,
  media_type: num,
  product_type: str,
  caption: z.looseObject({ text: str }).nullish(),
  like_count: num,
  comment_count: num,
  play_count: num,
  view_count: num,
  is_paid_partnership: bool,
});
export type IgMedia = z.infer<typeof IgMediaSchema>;

/** Instagram pages of media (user feed, reels, tagged posts, hashtag feed). */
export const IgFeedSchema = z.looseObject({
  items: z.array(IgMediaSchema),
  more_available: bool,
  end_cursor: str,
});
export type IgFeed = z.infer<typeof IgFeedSchema>;

export const IgCommentsSchema = z.looseObject({
  comments: z.array(z.looseObject({ pk: id.nullish(), text: str, created_at: num })),
});

const TiktokUserSchema = z.looseObject({
  id: str,
  uniqueId: z.string(),
  nickname: str,
  avatarLarger: str,
  avatarMedium: str,
  avatarThumb: str,
  signature: str,
  verified: bool,
  secUid: str,
  privateAccount: bool,
});
const TiktokStatsSchema = z.looseObject({
  followerCount: num,
  followingCount: num,
  heartCount: num,
  videoCount: num,
  diggCount: num,
});

/** TikTok user (`GET /raw/tiktok/user-info`), wrapped as `user_info.userInfo`. */
export const TiktokUserInfoSchema = z.looseObject({
  user_info: z.looseObject({ userInfo: z.looseObject({ user: TiktokUserSchema, stats: TiktokStatsSchema }) }),
});
export type TiktokUserInfo = z.infer<typeof TiktokUserInfoSchema>;

/** TikTok videos of one user, wrapped as `user_feed`. */
export const TiktokUserFeedSchema = z.looseObject({
  user_feed: z.looseObject({ items: z.array(z.looseObject({ id: id.nullish(), desc: str, createTime: num })) }),
});
export type TiktokUserFeed = z.infer<typeof TiktokUserFeedSchema>;

/** One TikTok video (`GET /raw/tiktok/media-info`), wrapped as `media_info.itemInfo.itemStruct`. */
export const TiktokMediaInfoSchema = z.looseObject({
  media_info: z.looseObject({
    itemInfo: z.looseObject({
      itemStruct: z.looseObject({
        id: id.nullish(),
        desc: str,
        createTime: num,
        stats: z.looseObject({ playCount: num, diggCount: num, commentCount: num, shareCount: num }),
        author: z.looseObject({ uniqueId: z.string() }).nullish(),
      }),
    }),
  }),
});
export type TiktokMediaInfo = z.infer<typeof TiktokMediaInfoSchema>;

export const RAW_RESPONSE_SCHEMAS = {
  ig: {
    'user-info': IgUserInfoSchema,
    'user-feed': IgFeedSchema,
    'user-reels': IgFeedSchema,
    'user-tags-feed': IgFeedSchema,
    'hashtag-feed': IgFeedSchema,
    'media-comments': IgCommentsSchema,
    'media-info': IgMediaSchema.extend({ user: z.looseObject({ username: z.string() }).nullish() }),
  },
  tiktok: {
    'user-info': TiktokUserInfoSchema,
    'media-info': TiktokMediaInfoSchema,
    'user-feed': TiktokUserFeedSchema,
  },
  youtube: {},
} as const;

type KnownRawSchemas = typeof RAW_RESPONSE_SCHEMAS;

/** The parsed body type of one Raw endpoint: known wrappers where sampled, any object otherwise. */
export type RawResponse<P extends RawPlatform, E extends string> = [E] extends [never]
  ? RawObject
  : E extends keyof KnownRawSchemas[P]
    ? KnownRawSchemas[P][E] extends z.ZodType
      ? z.infer<KnownRawSchemas[P][E]>
      : RawObject
    : RawObject;

/** The schema a Raw response is checked against. */
export function rawResponseSchema(platform: RawPlatform, endpoint: string): z.ZodType {
  const known: Record<string, z.ZodType> = RAW_RESPONSE_SCHEMAS[platform];
  return Object.hasOwn(known, endpoint) ? (known[endpoint] as z.ZodType) : RawObjectSchema;
}
