/** What the reports share: profile lookup, user references, lookalikes, post shapes, medians. */
import { CITIES, COUNTRIES, INTERESTS, type Platform, SNAPSHOT_DATE } from './constants.ts';
import { findProfile, type SampleDataset, type SampleProfile } from './dataset.ts';
import { notFound, ProviderError } from './errors.ts';
import type { SamplePost } from './posts.ts';
import { interestJaccard } from './similarity.ts';
export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
export const countryById = new Map(COUNTRIES.map((country) => [country.id, country]));
export const cityById = new Map(CITIES.map((city) => [city.id, city]));
export const interestName = new Map(INTERESTS.map((interest) => [interest.id, interest.name]));

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
export function topBy(dataset: SampleDataset, self: SampleProfile, n: number, score: (p: SampleProfile) => number) {
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

export function postJson(post: SamplePost, factor: number) {
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

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function monthLabel(monthsAgo: number): string {
  const date = new Date(SNAPSHOT_DATE);
  date.setUTCMonth(date.getUTCMonth() - monthsAgo);
  return date.toISOString().slice(0, 7);
}
