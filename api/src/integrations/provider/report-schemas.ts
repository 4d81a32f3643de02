import type { Platform } from '@kollab/contract/provider-enums';
import { z } from 'zod';

/*
 * Report bodies (`GET /{platform}/profile/{userId}/report`, CONTRACT.md §3). A report costs a whole
 * credit, so parsing is lenient: lists may be absent or null, unknown keys are kept, and only the
 * identity of the creator (ids, handle, url, followers) is required.
 */

const str = z.string().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();

/** A creator mentioned inside a report (lookalikes, notable followers). */
export const UserRefSchema = z.looseObject({
  userId: z.string(),
  username: str,
  fullname: str,
  url: str,
  picture: str,
  followers: num,
  engagements: num,
  isVerified: bool,
});
export type UserRef = z.infer<typeof UserRefSchema>;

export const PostSchema = z.looseObject({
  id: z.string(),
  text: str,
  url: str,
  created: str,
  likes: num,
  comments: num,
  views: num,
  thumbnail: str,
  image: str,
  video: str,
  type: str,
  mentions: list(z.string()),
  hashtags: list(z.string()),
  sponsors: list(z.looseObject({ domain: str, logo_url: str, name: str })),
});
export type Post = z.infer<typeof PostSchema>;

const weightedCode = z.looseObject({ code: z.string(), name: str, weight: z.number() });
const weightedName = z.looseObject({ name: z.string(), code: str, weight: z.number() });
const distribution = z.looseObject({ min: z.number(), max: z.number(), total: z.number(), median: bool });

/** Who follows the creator; every weight is a fraction 0–1. */
export const AudienceSchema = z.looseObject({
  credibility: num,
  /** Share of notable followers: a number, not a list. */
  notable: num,
  notableUsers: list(UserRefSchema),
  audienceLookalikes: list(UserRefSchema),
  genders: list(weightedCode),
  ages: list(weightedCode),
  gendersPerAge: list(z.looseObject({ code: z.string(), male: z.number(), female: z.number() })),
  geoCountries: list(weightedName),
  geoStates: list(weightedName),
  geoCities: list(weightedName),
  languages: list(weightedCode),
  interests: list(weightedName),
  brandAffinity: list(weightedName),
  ethnicities: list(weightedCode),
  audienceReachability: list(weightedCode),
  audienceTypes: list(weightedCode),
});
export type Audience = z.infer<typeof AudienceSchema>;

const reportUserProfile = z.looseObject({
  userId: z.string(),
  username: z.string(),
  url: z.string(),
  fullname: str,
  picture: str,
  followers: z.number(),
  engagements: num,
  /** A fraction: 0.033 = 3.3 %. */
  engagementRate: num,
});

const reportProfileShape = {
  userId: z.string(),
  profile: reportUserProfile,
  isPrivate: bool,
  isVerified: bool,
  /** "Regular", "Business" or "Creator" (numeric only in the search filter). */
  accountType: str,
  gender: str,
  ageGroup: str,
  country: str,
  state: str,
  city: str,
  language: z.looseObject({ code: z.string(), name: str }).nullish(),
  bio: str,
  contacts: list(z.looseObject({ type: z.string(), value: z.string() })),
  interests: list(z.looseObject({ id: num, name: z.string() })),
  brandAffinity: list(z.looseObject({ id: num, name: z.string() })),
  hashtags: list(z.looseObject({ tag: z.string(), weight: num })),
  mentions: list(z.looseObject({ tag: z.string(), weight: num })),
  postsCount: num,
  postsCounts: num,
  avgLikes: num,
  avgComments: num,
  avgViews: num,
  avgReelsPlays: num,
  stats: z.record(z.string(), z.looseObject({ value: num, compared: num }).nullable()).nullish(),
  statsByContentType: z.record(z.string(), z.unknown()).nullish(),
  statHistory: list(z.looseObject({ month: z.string() })),
  recentPosts: list(PostSchema),
  popularPosts: list(PostSchema),
  sponsoredPosts: list(PostSchema),
  paidPostPerformance: num,
  paidPostPerformanceViews: num,
  sponsoredPostsMedianViews: num,
  sponsoredPostsMedianLikes: num,
  nonSponsoredPostsMedianViews: num,
  nonSponsoredPostsMedianLikes: num,
  lookalikes: list(UserRefSchema),
  audience: AudienceSchema.nullish(),
  audienceExtra: z
    .looseObject({
      followersRange: z.looseObject({ leftNumber: num, rightNumber: num }).nullish(),
      engagementRateDistribution: list(distribution),
      credibilityDistribution: list(distribution),
    })
    .nullish(),
};

export const InstagramReportProfileSchema = z.looseObject(reportProfileShape);
export const TiktokReportProfileSchema = z.looseObject({
  ...reportProfileShape,
  secUid: str,
  totalLikes: num,
  avgShares: num,
});
export const YoutubeReportProfileSchema = z.looseObject({
  ...reportProfileShape,
  profile: reportUserProfile.extend({ username: str, handle: str }),
  handle: str,
  description: str,
  totalViews: num,
  audienceCommenters: AudienceSchema.nullish(),
  lookalikesByTopics: list(UserRefSchema),
});

/** A private or unknown account can come back as `profile: {}`: "no data", not zeros. */
const EmptyProfileSchema = z
  .looseObject({})
  .refine((value) => Object.keys(value).length === 0, { message: 'Expected a report profile', abort: true });

function reportResponse<T extends z.ZodType>(profile: T) {
  return z.looseObject({ error: z.boolean().optional(), profile: z.union([profile, EmptyProfileSchema]) });
}

export const REPORT_RESPONSE_SCHEMAS = {
  instagram: reportResponse(InstagramReportProfileSchema),
  tiktok: reportResponse(TiktokReportProfileSchema),
  youtube: reportResponse(YoutubeReportProfileSchema),
} as const;

export type InstagramReportProfile = z.infer<typeof InstagramReportProfileSchema>;
export type TiktokReportProfile = z.infer<typeof TiktokReportProfileSchema>;
export type YoutubeReportProfile = z.infer<typeof YoutubeReportProfileSchema>;
export type ReportProfile<P extends Platform = Platform> = {
  instagram: InstagramReportProfile;
  tiktok: TiktokReportProfile;
  youtube: YoutubeReportProfile;
}[P];
export type ReportResponse<P extends Platform = Platform> = z.infer<(typeof REPORT_RESPONSE_SCHEMAS)[P]>;

/** Whether a report carries data; the provider answers `profile: {}` for accounts it cannot analyse. */
export function hasReportData<P extends Platform>(
  report: ReportResponse<P>,
): report is ReportResponse<P> & { profile: ReportProfile<P> } {
  return 'userId' in report.profile;
}
