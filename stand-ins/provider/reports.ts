/**
 * Reports (CONTRACT.md §3), audience overlap (§4), performance data (§6) and e-mail search (§7),
 * all computed from the same synthetic profiles as the search so the answers agree with each other.
 *
 * Where the contract is unsure, the sample answers like this (clients should handle both anyway):
 * - a private account answers 403 `private_account` (reports, overlap, performance data);
 * - an unknown id or handle answers 404 `handle_not_found`;
 * - overlap percentages are fractions 0–1, lists take 2–10 distinct creators.
 */
import { z } from 'zod';
import {
  ACCOUNT_TYPE_NAMES,
  AGE_BANDS,
  AUDIENCE_TYPES,
  CITIES,
  COUNTRIES,
  ETHNICITIES,
  INTERESTS,
  type Platform,
  REACHABILITY_BANDS,
  SNAPSHOT_DATE,
} from './constants.ts';
import {
  ageBandOf,
  findProfile,
  indexDataset,
  type SampleAudience,
  type SampleDataset,
  type SampleProfile,
} from './dataset.ts';
import { brandById, languageByCode } from './dictionaries.ts';
import { invalidParams, notFound, ProviderError } from './errors.ts';
import { postsWhere, type SamplePost } from './posts.ts';
import { mixSeed, normalise, Rng } from './random.ts';
import { AVERAGE_FACTOR } from './search-body.ts';
import { audienceSimilarity, interestJaccard } from './similarity.ts';

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const countryById = new Map(COUNTRIES.map((country) => [country.id, country]));
const cityById = new Map(CITIES.map((city) => [city.id, city]));
const interestName = new Map(INTERESTS.map((interest) => [interest.id, interest.name]));

/** Resolves an id or handle to a public profile, or throws the provider's 404/403. */
export function requireProfile(dataset: SampleDataset, platform: Platform, idOrHandle: string): SampleProfile {
  const profile = findProfile(dataset, platform, idOrHandle);
  if (!profile) throw notFound(idOrHandle);
  if (profile.isPrivate) throw new ProviderError(403, 'private_account', `${profile.username} is a private account.`);
  return profile;
}

export interface UserRef {
  userId: string;
  username: string;
  fullname: string;
  url: string;
  picture: string;
  followers: number;
  engagements: number;
  isVerified: boolean;
}

export function userRef(profile: SampleProfile): UserRef {
  return {
    userId: profile.userId,
    username: profile.username,
    fullname: profile.fullname,
    url: profile.url,
    picture: profile.picture,
    followers: profile.followers,
    engagements: profile.engagements,
    isVerified: profile.isVerified,
  };
}

/** The `n` best-scoring public profiles of the platform other than `self` (ties: dataset order). */
function topBy(dataset: SampleDataset, self: SampleProfile, n: number, score: (p: SampleProfile) => number) {
  const best: { profile: SampleProfile; score: number }[] = [];
  for (const candidate of dataset.byPlatform[self.platform]) {
    if (candidate === self || candidate.isPrivate) continue;
    const value = score(candidate);
    if (!(value > Number.NEGATIVE_INFINITY)) continue;
    if (best.length === n && value <= (best[n - 1]?.score ?? 0)) continue;
    best.push({ profile: candidate, score: value });
    best.sort((a, b) => b.score - a.score || a.profile.index - b.profile.index);
    if (best.length > n) best.pop();
  }
  return best.map((entry) => entry.profile);
}

/** Similar creators: shared interests, similar size, same country. */
export function lookalikesOf(dataset: SampleDataset, profile: SampleProfile, n = 10): SampleProfile[] {
  const size = Math.log10(profile.followers);
  return topBy(
    dataset,
    profile,
    n,
    (p) =>
      interestJaccard(profile, p) * 2 -
      Math.abs(Math.log10(p.followers) - size) +
      (p.countryId === profile.countryId ? 0.3 : 0),
  );
}

function postJson(post: SamplePost, factor: number) {
  const type = post.kind === 'photo' ? 'photo' : post.kind === 'carousel' ? 'carousel' : 'video';
  return {
    id: post.id,
    text: post.caption,
    url: post.url,
    created: new Date(post.takenAt * 1000).toISOString(),
    likes: Math.round(post.likes * factor),
    comments: Math.round(post.comments * factor),
    ...(post.views ? { views: post.views } : {}),
    thumbnail: post.thumbnail,
    type,
    mentions: post.mentions,
    hashtags: post.hashtags,
  };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function monthLabel(monthsAgo: number): string {
  const date = new Date(SNAPSHOT_DATE);
  date.setUTCMonth(date.getUTCMonth() - monthsAgo);
  return date.toISOString().slice(0, 7);
}

const FOLLOWER_BUCKETS = [
  1_000,
  5_000,
  10_000,
  25_000,
  50_000,
  100_000,
  250_000,
  500_000,
  1_000_000,
  5_000_000,
  Infinity,
];
const ER_BINS = [0, 0.01, 0.02, 0.035, 0.06, 0.1, 1];
const CREDIBILITY_BINS = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001];
const peerCache = new WeakMap<SampleDataset, Map<string, unknown>>();

function bucketOf(followers: number): [number, number] {
  for (let i = 0; i < FOLLOWER_BUCKETS.length - 1; i++) {
    const low = FOLLOWER_BUCKETS[i] ?? 0;
    const high = FOLLOWER_BUCKETS[i + 1] ?? Infinity;
    if (followers < high) return [low, high];
  }
  return [5_000_000, Infinity];
}

function distribution(values: number[], bins: number[]) {
  const m = median(values);
  return bins.slice(0, -1).map((min, i) => {
    const max = bins[i + 1] ?? 1;
    const total = values.filter((value) => value >= min && value < max).length;
    return { min, max: Math.min(1, max), total, ...(m >= min && m < max ? { median: true } : {}) };
  });
}

/** Where the creator sits among peers of the same size on the same platform (cached per bucket). */
function audienceExtra(dataset: SampleDataset, profile: SampleProfile) {
  const [low, high] = bucketOf(profile.followers);
  const cache = peerCache.get(dataset) ?? new Map<string, unknown>();
  peerCache.set(dataset, cache);
  const key = `${profile.platform}:${low}`;
  let extra = cache.get(key) as Record<string, unknown> | undefined;
  if (!extra) {
    const peers = dataset.byPlatform[profile.platform].filter((p) => p.followers >= low && p.followers < high);
    extra = {
      followersRange: { leftNumber: low, rightNumber: Number.isFinite(high) ? high : 10_000_000 },
      engagementRateDistribution: distribution(
        peers.map((p) => p.engagementRate),
        ER_BINS,
      ),
      ...(profile.platform === 'instagram'
        ? {
            credibilityDistribution: distribution(
              peers.map((p) => p.audience.credibility),
              CREDIBILITY_BINS,
            ),
          }
        : {}),
    };
    cache.set(key, extra);
  }
  return extra;
}

function audienceJson(dataset: SampleDataset, profile: SampleProfile, audience: SampleAudience, full: boolean) {
  const female = round4(1 - audience.male);
  const genders = [
    { code: 'FEMALE', weight: female },
    { code: 'MALE', weight: audience.male },
  ].sort((a, b) => b.weight - a.weight);
  const ages = AGE_BANDS.map((code, i) => ({ code, weight: audience.ages[i] ?? 0 }));
  const gendersPerAge = ages.map(({ code, weight }) => {
    const male = round4(weight * audience.male);
    return { code, male, female: round4(weight - male) };
  });
  const geoCountries = audience.countries.map(({ id, weight }) => {
    const country = countryById.get(id);
    return { name: country?.name ?? String(id), code: country?.code ?? '', weight };
  });
  const states = new Map<string, number>();
  for (const { id, weight } of audience.cities) {
    const state = cityById.get(id)?.state ?? '';
    states.set(state, round4((states.get(state) ?? 0) + weight * 1.4));
  }
  const geoStates = [...states]
    .map(([name, weight]) => ({ name, weight: Math.min(weight, 1) }))
    .sort((a, b) => b.weight - a.weight);
  const geoCities = audience.cities.map(({ id, weight }) => ({ name: cityById.get(id)?.name ?? String(id), weight }));
  const languages = audience.languages.map(({ code, weight }) => ({
    code,
    name: languageByCode.get(code)?.name ?? code,
    weight,
  }));
  const notableUsers = topBy(dataset, profile, 5, (p) =>
    p.followers >= 50_000
      ? p.interests.filter((id) => profile.interests.includes(id)).length * 10 + Math.log10(p.followers)
      : Number.NaN,
  ).map(userRef);
  const audienceLookalikes = topBy(dataset, profile, 5, (p) => audienceSimilarity(profile, p)).map(userRef);
  const base = {
    notable: audience.notable,
    notableUsers,
    audienceLookalikes,
    genders,
    ages,
    gendersPerAge,
    geoCountries,
    languages,
  };
  if (!full) return base;
  const instagram = profile.platform === 'instagram';
  return {
    ...(instagram ? { credibility: audience.credibility } : {}),
    ...base,
    geoStates,
    geoCities,
    ...(profile.platform !== 'tiktok'
      ? {
          interests: audience.interests.map(({ id, weight }) => ({ name: interestName.get(id) ?? String(id), weight })),
        }
      : {}),
    brandAffinity: audience.brands.map(({ id, weight }) => ({ name: brandById.get(id)?.name ?? String(id), weight })),
    ...(instagram
      ? {
          ethnicities: ETHNICITIES.map(({ code, name }, i) => ({ code, name, weight: audience.ethnicities[i] ?? 0 })),
          audienceReachability: REACHABILITY_BANDS.map((code, i) => ({ code, weight: audience.reachability[i] ?? 0 })),
          audienceTypes: AUDIENCE_TYPES.map((code, i) => ({ code, weight: audience.types[i] ?? 0 })).sort(
            (a, b) => b.weight - a.weight,
          ),
        }
      : {}),
  };
}

/** YouTube commenters: the audience shifted a little towards younger, more male, more English. */
function commentersOf(profile: SampleProfile): SampleAudience {
  const rng = new Rng(mixSeed(profile.seed, 77));
  const a = profile.audience;
  const ages = normalise(a.ages.map((weight, i) => weight * (i <= 2 ? rng.range(1.05, 1.3) : rng.range(0.7, 0.95))));
  const languages = normalise(a.languages.map((entry) => entry.weight * (entry.code === 'en' ? 1.3 : 1)));
  return {
    ...a,
    male: round4(Math.min(0.95, a.male * rng.range(1.02, 1.2))),
    ages,
    languages: a.languages.map((entry, i) => ({ code: entry.code, weight: languages[i] ?? 0 })),
  };
}

function contentStats(posts: SamplePost[], followers: number) {
  const likes = posts.map((post) => post.likes);
  const comments = posts.map((post) => post.comments);
  const views = posts.map((post) => post.views);
  const engagements = Math.round(median(likes) + median(comments));
  return {
    posts: posts.length,
    engagements,
    engagementRate: followers ? engagements / followers : 0,
    avgLikes: Math.round(median(likes)),
    avgComments: Math.round(median(comments)),
    avgViews: Math.round(median(views)),
  };
}

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

const overlapBody = z.strictObject({
  influencers: z.array(z.string().min(1)).min(2).max(10),
  access_token: z.string().optional(),
});

/**
 * Audience overlap. The share of A's followers who also follow B is
 * `similarity(A, B)² × 0.5 × min(1, √(followers B / followers A))`; a creator's overlapping share is
 * the chance of following at least one of the others, and a follower counted in two lists counts
 * once towards `totalUniqueFollowers`.
 */
export function buildOverlap(dataset: SampleDataset, platform: Platform, body: unknown) {
  const parsed = overlapBody.safeParse(body);
  if (!parsed.success) throw invalidParams(parsed.error);
  const profiles = parsed.data.influencers.map((key) => requireProfile(dataset, platform, key));
  if (new Set(profiles).size !== profiles.length)
    throw new ProviderError(400, 'invalid_body_params', 'influencers: each creator may appear only once.');
  const data = profiles.map((a) => {
    let none = 1;
    for (const b of profiles) {
      if (a === b) continue;
      const share = audienceSimilarity(a, b) ** 2 * 0.5 * Math.min(1, Math.sqrt(b.followers / a.followers));
      none *= 1 - Math.min(0.6, share);
    }
    const overlappingPercentage = round4(1 - none);
    return {
      userId: a.userId,
      username: a.username,
      followers: a.followers,
      uniquePercentage: round4(1 - overlappingPercentage),
      overlappingPercentage,
    };
  });
  const totalFollowers = data.reduce((sum, entry) => sum + entry.followers, 0);
  const totalUniqueFollowers = Math.round(
    data.reduce((sum, entry) => sum + entry.followers * (entry.uniquePercentage + entry.overlappingPercentage / 2), 0),
  );
  return { error: false as const, reportInfo: { totalFollowers, totalUniqueFollowers }, data };
}

type Metric = { numberOfItems: number; value: number };

function block(posts: SamplePost[], followers: number, hiddenKey: string | null) {
  // The last 6, 12 and 30 posts; a creator with fewer posts gets windows of what there is.
  const sizes = [...new Set([6, 12, 30].map((n) => Math.min(n, posts.length)))].filter((n) => n > 0);
  const windows = sizes.map((n) => posts.slice(0, n));
  const stat = (pick: (post: SamplePost) => number) => {
    const of = (reduce: (values: number[]) => number): Metric[] =>
      windows.map((window) => ({
        numberOfItems: window.length,
        value: Math.round(reduce(window.map(pick)) * 100) / 100,
      }));
    return {
      mean: of((values) => values.reduce((sum, value) => sum + value, 0) / values.length),
      min: of((values) => Math.min(...values)),
      max: of((values) => Math.max(...values)),
      median: of(median),
    };
  };
  const span = posts.length > 1 ? ((posts[0]?.takenAt ?? 0) - (posts[posts.length - 1]?.takenAt ?? 0)) / 86_400 : 0;
  return {
    total: posts.length,
    ...(hiddenKey ? { [hiddenKey]: posts.filter((post) => post.likesHidden).length } : {}),
    likes: stat((post) => post.likes),
    comments: stat((post) => post.comments),
    views: stat((post) => post.views),
    engagement_rate: windows.map((window) => ({
      numberOfItems: window.length,
      value: round4(window.reduce((sum, post) => sum + post.likes + post.comments, 0) / window.length / followers),
    })),
    posting_statistics: {
      daily: { mean: { numberOfItems: posts.length, value: span > 0 ? round4(posts.length / span) : 0 } },
    },
  };
}

/** `GET /{platform}/performance-data?url=`: the last 6, 12 and 30 posts per content type. */
export function buildPerformance(dataset: SampleDataset, platform: Platform, url: string) {
  const p = requireProfile(dataset, platform, url);
  const of = (keep: (post: SamplePost) => boolean) => postsWhere(p, keep, 30, 0, 400).posts;
  if (platform === 'instagram')
    return {
      error: false as const,
      posts: block(
        of((post) => post.kind !== 'reel'),
        p.followers,
        'posts_with_hidden_likes',
      ),
      reels: block(
        of((post) => post.kind === 'reel'),
        p.followers,
        'reels_with_hidden_likes',
      ),
    };
  if (platform === 'tiktok')
    return {
      error: false as const,
      posts: block(
        of(() => true),
        p.followers,
        null,
      ),
    };
  return {
    error: false as const,
    videos: {
      ...block(
        of((post) => post.kind === 'video'),
        p.followers,
        null,
      ),
      videos_with_turned_off_comments: 0,
    },
    shorts: {
      ...block(
        of((post) => post.kind === 'short'),
        p.followers,
        null,
      ),
      shorts_with_turned_off_comments: 0,
    },
  };
}

export const emailSearchBody = z.strictObject({
  emails: z.array(z.string().min(3).max(320)).min(1).max(500),
  access_token: z.string().optional(),
});

/** `POST /email-search`: public profiles on any platform whose contact e-mail is one of the addresses. */
export function buildEmailSearch(dataset: SampleDataset, emails: string[]) {
  const index = indexDataset(dataset);
  const matchedEmails: { email: string; users: Record<string, unknown>[] }[] = [];
  const notMatchedEmails: string[] = [];
  for (const email of emails) {
    const found = (index.byEmail.get(email.trim().toLowerCase()) ?? []).filter((p) => !p.isPrivate);
    if (found.length === 0) {
      notMatchedEmails.push(email);
      continue;
    }
    matchedEmails.push({
      email,
      users: found.map((p) => ({
        platform: p.platform,
        userId: p.userId,
        url: p.url,
        username: p.username,
        fullname: p.fullname,
        picture: p.picture,
        followers: p.followers,
        engagements: p.engagements,
        engagementRate: p.engagementRate,
        isVerified: p.isVerified,
      })),
    });
  }
  return { error: false as const, matchedEmails, notMatchedEmails, totalMatches: matchedEmails.length };
}
