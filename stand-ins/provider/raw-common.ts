/** What every platform's raw handlers share: queries, cursors, paging, lookups and shared feeds. */
import type { Platform } from './constants.ts';
import { findProfile, type SampleDataset, type SampleProfile } from './dataset.ts';
import { ProviderError } from './errors.ts';
import { AUDIO_TRACKS, decodePost, postAt, postKeyFromUrl, postsWhere, type SamplePost } from './posts.ts';
import { mixSeed } from './random.ts';
export type RawPlatform = 'ig' | 'tiktok' | 'youtube';
export const RAW_PLATFORMS: Record<RawPlatform, Platform> = { ig: 'instagram', tiktok: 'tiktok', youtube: 'youtube' };
export type Query = (name: string) => string | undefined;
export type RawHandler = (dataset: SampleDataset, query: Query) => unknown;

export const b36 = (value: number, width: number) => value.toString(36).padStart(width, '0');

export function required(query: Query, name: string, what = name): string {
  const value = query(name)?.trim();
  if (!value) throw new ProviderError(400, 'bad_request', `Missing or malformed ${what} parameter "${name}".`);
  return value;
}

/** Cursors are opaque to clients: base64url of the next position. */
export function encodeCursor(position: number): string {
  return Buffer.from(`sample:${position}`).toString('base64url');
}

export function decodeCursor(query: Query, ...names: string[]): number {
  const raw = names.map((name) => query(name)).find((value) => value !== undefined && value !== '');
  if (raw === undefined) return 0;
  const match = /^sample:(\d+)$/.exec(Buffer.from(raw, 'base64url').toString());
  if (!match) throw new ProviderError(400, 'bad_request', 'Malformed cursor in "after".');
  return Number(match[1]);
}

export function profileFrom(dataset: SampleDataset, platform: Platform, url: string): SampleProfile {
  const profile = findProfile(dataset, platform, url);
  if (!profile || profile.isPrivate)
    throw new ProviderError(404, 'handle_not_found', `No public ${platform} account matches ${JSON.stringify(url)}.`);
  return profile;
}

export function postFrom(dataset: SampleDataset, platform: Platform, key: string): SamplePost {
  const post = decodePost(dataset, platform, postKeyFromUrl(key));
  if (!post) throw new ProviderError(404, 'media_not_found', `No post matches ${JSON.stringify(key)}.`);
  return post;
}

/** Pages through `count` generated items starting at the cursor. */
export function page<T>(start: number, size: number, total: number, item: (index: number) => T | undefined) {
  const items: T[] = [];
  for (let i = start; i < Math.min(total, start + size); i++) {
    const value = item(i);
    if (value !== undefined) items.push(value);
  }
  const next = start + size < total ? encodeCursor(start + size) : null;
  return { items, next };
}

export const holdersCache = new WeakMap<SampleDataset, Map<string, SampleProfile[]>>();

/** Public profiles of a platform using a hashtag. */
export function holdersOf(dataset: SampleDataset, platform: Platform, tag: string): SampleProfile[] {
  const cache = holdersCache.get(dataset) ?? new Map<string, SampleProfile[]>();
  holdersCache.set(dataset, cache);
  const key = `${platform}:${tag}`;
  let holders = cache.get(key);
  if (!holders) {
    holders = dataset.byPlatform[platform].filter((p) => !p.isPrivate && p.hashtags.some((entry) => entry.tag === tag));
    cache.set(key, holders);
  }
  return holders;
}

/** Item `k` of a hashtag feed: round-robin over the holders, their k-th newest post, tagged. */
export function tagFeedItem(holders: SampleProfile[], k: number, tag: string) {
  const holder = holders[k % holders.length] as SampleProfile;
  const post = postAt(holder, Math.floor(k / holders.length));
  if (!post) return undefined;
  const caption = post.hashtags.includes(tag) ? post.caption : `${post.caption} #${tag}`;
  return { post, caption };
}

export function audioIdFrom(dataset: SampleDataset, url: string): number {
  const id = /audio\/(\d+)/.exec(url)?.[1] ?? (/^\d+$/.test(url) ? url : undefined);
  if (id !== undefined) {
    const n = Number(id);
    if (n >= 1 && n <= AUDIO_TRACKS) return n;
    throw new ProviderError(404, 'entity_not_found', `No audio ${id}.`);
  }
  return postFrom(dataset, 'instagram', url).audioId;
}

/** Reel `k` using an audio track: a deterministic creator's first reel, re-scored with this audio. */
export function audioReel(
  dataset: SampleDataset,
  platform: Platform,
  audioId: number,
  k: number,
): SamplePost | undefined {
  const list = dataset.byPlatform[platform];
  const p = list[mixSeed(audioId, k) % list.length] as SampleProfile;
  if (p.isPrivate) return undefined;
  return postsWhere(p, (post) => post.kind === 'reel' || post.kind === 'video', 1, 0, 20).posts[0];
}

export const audioTitle = (audioId: number) => {
  const words = [
    'Norrsken',
    'Midnattssol',
    'Fjällvind',
    'Summer Haze',
    'Late Fika',
    'Skärgård',
    'City Lights',
    'Snöfall',
  ];
  return `${words[audioId % words.length]} (${(audioId % 7) + 1})`;
};
