/**
 * Reports (CONTRACT.md §3), audience overlap (§4), performance data (§6) and e-mail search (§7),
 * all computed from the same synthetic profiles as the search so the answers agree with each other.
 *
 * Where the contract is unsure, the sample answers like this (clients should handle both anyway):
 * - a private account answers 403 `private_account` (reports, overlap, performance data);
 * - an unknown id or handle answers 404 `handle_not_found`;
 * - overlap percentages are fractions 0–1, lists take 2–10 distinct creators.
 *
 * This file builds the report; its audience and peer statistics are in reports-audience.ts, what the
 * reports share in reports-common.ts; overlap.ts, performance.ts and email-search.ts answer the rest.
 */
import { ACCOUNT_TYPE_NAMES, type Platform } from './constants.ts';
import { ageBandOf, type SampleDataset } from './dataset.ts';
import { brandById, languageByCode } from './dictionaries.ts';
import { postsWhere } from './posts.ts';
import { audienceExtra, audienceJson, commentersOf, contentStats } from './reports-audience.ts';
import {
  cityById,
  countryById,
  interestName,
  lookalikesOf,
  median,
  monthLabel,
  postJson,
  requireProfile,
  round4,
  topBy,
  userRef,
} from './reports-common.ts';
import { AVERAGE_FACTOR } from './search-body.ts';
/** `GET /{platform}/profile/{userId}/report`: the creator, their content and their audience. */
export function buildReport(
  dataset: SampleDataset,
  platform: Platform,
  idOrHandle: string,
  calculationMethod: 'median' | 'average' = 'median',
) {
  const p = requireProfile(dataset, platform, idOrHandle);
  const factor = calculationMethod === 'average' ? AVERAGE_FACTOR : 1;
  const country = countryById.get(p.countryId);
  const city = cityById.get(p.cityId);
  const avgLikes = Math.round(p.avgLikes * factor);
  const avgComments = Math.round(p.avgComments * factor);
  const engagements = Math.round(p.engagements * factor);
  const g = p.growth;
  const recent = postsWhere(p, () => true, 60).posts;
  const sponsored = recent.filter((post) => post.sponsored);
  const organic = recent.filter((post) => !post.sponsored);
  const popular = [...recent.slice(0, 30)].sort((a, b) => b.likes - a.likes || a.index - b.index).slice(0, 6);
  const statHistory = [5, 4, 3, 2, 1, 0].map((monthsAgo) => {
    const followerGrowth = monthsAgo === 0 ? 0 : (g.followers[monthsAgo - 1] ?? 0);
    const likeGrowth = monthsAgo === 0 ? 0 : (g.likes[monthsAgo - 1] ?? 0);
    const viewGrowth = monthsAgo === 0 ? 0 : (g.views[monthsAgo - 1] ?? 0);
    return {
      month: monthLabel(monthsAgo),
      followers: Math.round(p.followers / (1 + followerGrowth)),
      following: Math.max(0, p.following - monthsAgo * (p.seed % 7)),
      avgLikes: Math.round(avgLikes / (1 + likeGrowth)),
      avgViews: Math.round((platform === 'instagram' ? p.avgReelsPlays : p.avgViews) / (1 + viewGrowth)),
      avgComments: Math.round(avgComments / (1 + likeGrowth)),
      ...(platform === 'tiktok' ? { avgShares: Math.round(p.avgShares / (1 + likeGrowth)) } : {}),
    };
  });
  const stats: Record<string, { value: number; compared: number }> = {
    avgLikes: { value: avgLikes, compared: g.likes[0] ?? 0 },
    followers: { value: p.followers, compared: g.followers[0] ?? 0 },
    avgComments: { value: avgComments, compared: round4((g.likes[0] ?? 0) * 0.9) },
  };
  if (platform === 'tiktok') stats.avgShares = { value: p.avgShares, compared: round4((g.likes[0] ?? 0) * 1.1) };
  const statsByContentType =
    platform === 'instagram'
      ? {
          all: contentStats(recent.slice(0, 30), p.followers),
          reels: contentStats(
            recent.filter((post) => post.kind === 'reel'),
            p.followers,
          ),
        }
      : platform === 'tiktok'
        ? { all: contentStats(recent.slice(0, 30), p.followers) }
        : {
            videos: contentStats(
              recent.filter((post) => post.kind !== 'short'),
              p.followers,
            ),
            shorts: contentStats(
              recent.filter((post) => post.kind === 'short'),
              p.followers,
            ),
          };
  const sponsoredMedianLikes = median(sponsored.map((post) => post.likes));
  const organicMedianLikes = median(organic.map((post) => post.likes));
  const sponsoredMedianViews = median(sponsored.map((post) => post.views));
  const organicMedianViews = median(organic.map((post) => post.views));
  const lookalikes = lookalikesOf(dataset, p).map(userRef);
  // YouTube: `description` replaces `bio`; the contract puts handle and total views on the profile,
  // so they are on both the report profile and its inner `profile`.
  const text =
    platform === 'youtube'
      ? { handle: `@${p.username}`, description: p.bio, totalViews: p.totalViews }
      : { bio: p.bio };

  const profile = {
    userId: p.userId,
    profile: {
      userId: p.userId,
      fullname: p.fullname,
      username: p.username,
      url: p.url,
      picture: p.picture,
      followers: p.followers,
      engagements,
      engagementRate: engagements / p.followers,
      ...(platform === 'youtube' ? { handle: `@${p.username}`, description: p.bio, totalViews: p.totalViews } : {}),
      ...(platform !== 'instagram' ? { averageViews: Math.round(p.avgViews * factor) } : {}),
    },
    isPrivate: false,
    isVerified: p.isVerified,
    ...(p.accountType !== null ? { accountType: ACCOUNT_TYPE_NAMES[p.accountType] } : {}),
    ...(p.gender ? { gender: p.gender } : {}),
    ...(p.age !== null ? { ageGroup: ageBandOf(p.age) } : {}),
    country: country?.code ?? '',
    state: city?.state ?? '',
    city: city?.name ?? '',
    language: { code: p.language, name: languageByCode.get(p.language)?.name ?? p.language },
    ...text,
    contacts: p.contacts,
    interests: p.interests.map((id) => ({ id, name: interestName.get(id) ?? String(id) })),
    brandAffinity: p.brands.map((id) => ({ id, name: brandById.get(id)?.name ?? String(id) })),
    hashtags: p.hashtags,
    mentions: p.mentions,
    postsCount: p.postsCount,
    postsCounts: p.postsCount,
    avgLikes,
    avgComments,
    avgViews: platform === 'instagram' ? 0 : Math.round(p.avgViews * factor),
    ...(platform === 'instagram' ? { avgReelsPlays: Math.round(p.avgReelsPlays * factor) } : {}),
    ...(platform === 'tiktok'
      ? {
          secUid: `MS4wLjABAAAA${Buffer.from(`sample-${p.userId}`).toString('base64url')}`,
          totalLikes: p.totalLikes,
          avgShares: Math.round(p.avgShares * factor),
          avgSaves: Math.round(p.avgSaves * factor),
        }
      : {}),
    stats,
    statsByContentType,
    statHistory,
    recentPosts: recent.slice(0, 12).map((post) => postJson(post, 1)),
    popularPosts: popular.map((post) => postJson(post, 1)),
    sponsoredPosts: sponsored.slice(0, 10).map((post) => ({
      ...postJson(post, 1),
      ...(post.kind === 'photo' || post.kind === 'carousel' ? { image: post.thumbnail } : { video: post.url }),
      sponsors: post.sponsor
        ? [
            {
              domain: `${post.sponsor.handle.replace(/[^a-z0-9]/g, '')}.example.com`,
              logo_url: `https://images.example.com/sample/brands/${post.sponsor.id}.png`,
              name: post.sponsor.name,
            },
          ]
        : [],
    })),
    ...(sponsored.length && organic.length
      ? {
          paidPostPerformance: organicMedianLikes ? round4(sponsoredMedianLikes / organicMedianLikes) : 0,
          paidPostPerformanceViews: organicMedianViews ? round4(sponsoredMedianViews / organicMedianViews) : 0,
          sponsoredPostsMedianViews: sponsoredMedianViews,
          sponsoredPostsMedianLikes: sponsoredMedianLikes,
          nonSponsoredPostsMedianViews: organicMedianViews,
          nonSponsoredPostsMedianLikes: organicMedianLikes,
        }
      : {}),
    lookalikes,
    audience: audienceJson(dataset, p, p.audience, true),
    audienceExtra: audienceExtra(dataset, p),
    ...(platform === 'youtube'
      ? {
          audienceCommenters: audienceJson(dataset, p, commentersOf(p), false),
          lookalikesByTopics: topBy(dataset, p, 10, (other) => {
            let shared = 0;
            for (const tag of p.hashtags) if (other.hashtags.some((entry) => entry.tag === tag.tag)) shared++;
            return shared ? shared - Math.abs(Math.log10(other.followers) - Math.log10(p.followers)) / 10 : Number.NaN;
          }).map(userRef),
        }
      : {}),
  };
  return { error: false as const, profile };
}
