/**
 * Posts and comments, derived on demand from a profile's sub-seed so the dataset never stores
 * thousands of posts: post `i` (0 = newest) of a profile is always the same post. Ids encode the
 * profile and the post number, so a post id or shortcode leads back to its owner.
 */
import { BRANDS, type Platform, SNAPSHOT_DATE } from './constants.ts';
import type { SampleDataset, SampleProfile } from './dataset.ts';
import { mixSeed, Rng } from './random.ts';

export type PostKind = 'photo' | 'carousel' | 'reel' | 'video' | 'short' | 'live';

export interface SamplePost {
  profile: SampleProfile;
  index: number;
  /** IG media pk, TikTok video id, YouTube video id. */
  id: string;
  /** IG shortcode; equal to `id` elsewhere. */
  code: string;
  kind: PostKind;
  /** Unix seconds. */
  takenAt: number;
  caption: string;
  title: string;
  hashtags: string[];
  mentions: string[];
  likes: number;
  likesHidden: boolean;
  comments: number;
  /** 0 when the platform shows no views for this kind (IG photos and carousels). */
  views: number;
  shares: number;
  saves: number;
  sponsored: boolean;
  sponsor: (typeof BRANDS)[number] | null;
  durationSec: number;
  carouselCount: number;
  /** Sound/audio id (IG reels and TikTok videos). */
  audioId: number;
  url: string;
  thumbnail: string;
}

export interface SampleComment {
  id: string;
  text: string;
  createdAt: number;
  likes: number;
  replies: number;
  author: SampleProfile;
}

const DAY = 86_400;
const b36 = (value: number, width: number) => value.toString(36).padStart(width, '0');
const pad = (value: number, width: number) => String(value).padStart(width, '0');

const CAPTIONS_SV = [
  '{A} och {b} idag.',
  'Dagens {a}, med lite {b}.',
  'Mer {a} åt folket!',
  '{A} i helgen, {b} på måndag.',
];
const CAPTIONS_EN = [
  '{A} and {b} today.',
  'Today: {a}, with a bit of {b}.',
  'More {a}, please!',
  'Weekend {a}, Monday {b}.',
];
const COMMENTS_SV = [
  'Så fint!',
  'Recept tack!',
  'Älskar detta 😍',
  'Var är det här?',
  'Snyggt!',
  'Måste testa',
  'Haha, klockrent',
];
const COMMENTS_EN = [
  'Love this!',
  'Where is this?',
  'So good 😍',
  'Need to try this',
  'Great tip, thanks',
  'Wow',
  'Saving this',
];

/** The number of audio tracks the sample shares between reels and TikTok videos. */
export const AUDIO_TRACKS = 400;

function kindFor(platform: Platform, rng: Rng): PostKind {
  const roll = rng.next();
  if (platform === 'instagram') return roll < 0.4 ? 'reel' : roll < 0.7 ? 'photo' : 'carousel';
  if (platform === 'tiktok') return 'video';
  return roll < 0.6 ? 'video' : roll < 0.95 ? 'short' : 'live';
}

/** Post `index` of a profile (0 = newest), or undefined past the profile's post count. */
export function postAt(profile: SampleProfile, index: number): SamplePost | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= profile.postsCount) return undefined;
  const rng = new Rng(mixSeed(profile.seed, index, 17));
  const platform = profile.platform;
  const accountDays = 365 * (2 + (profile.seed % 6));
  const interval = (accountDays / profile.postsCount) * DAY;
  const newest = SNAPSHOT_DATE / 1000 - profile.lastPosted * DAY;
  const takenAt = Math.round(newest - index * interval - (index === 0 ? 0 : rng.next() * 0.8 * interval));
  const kind = kindFor(platform, rng);
  const spread = () => Math.exp(rng.normal() * 0.45);
  const likes = Math.max(0, Math.round(profile.avgLikes * spread()));
  const comments = Math.max(0, Math.round(profile.avgComments * spread()));
  const views =
    platform === 'instagram'
      ? kind === 'reel'
        ? Math.round(profile.avgReelsPlays * spread())
        : 0
      : Math.round(profile.avgViews * (kind === 'short' ? 1.6 : kind === 'live' ? 0.4 : 1) * spread());
  const sponsorId = profile.brands.length > 0 && rng.chance(0.12) ? rng.pick(profile.brands) : undefined;
  const sponsor = sponsorId === undefined ? null : (BRANDS.find((brand) => brand.id === sponsorId) ?? null);
  const hashtags = rng.sample(
    profile.hashtags.map((tag) => tag.tag),
    rng.int(1, 3),
  );
  const words = rng.sample(
    profile.keywords.map((keyword) => keyword.tag),
    2,
  );
  const [a = 'life', b = 'everyday'] = words;
  const template = rng.pick(profile.language === 'sv' ? CAPTIONS_SV : CAPTIONS_EN);
  const title = template
    .replace('{A}', a.charAt(0).toUpperCase() + a.slice(1))
    .replace('{a}', a)
    .replace('{b}', b);
  const mentions = sponsor ? [sponsor.handle] : [];
  const ad = sponsor
    ? profile.language === 'sv'
      ? `Reklam för @${sponsor.handle}. `
      : `Ad for @${sponsor.handle}. `
    : '';
  const caption = `${ad}${title} ${hashtags.map((tag) => `#${tag}`).join(' ')}`.trim();
  const { id, code } = encodePostId(profile, index);
  const url =
    platform === 'instagram'
      ? `https://www.instagram.com/${kind === 'reel' ? 'reel' : 'p'}/${code}/`
      : platform === 'tiktok'
        ? `https://www.tiktok.com/@${profile.username}/video/${id}`
        : kind === 'short'
          ? `https://www.youtube.com/shorts/${id}`
          : `https://www.youtube.com/watch?v=${id}`;
  return {
    profile,
    index,
    id,
    code,
    kind,
    takenAt,
    caption,
    title,
    hashtags,
    mentions,
    likes,
    likesHidden: platform === 'instagram' && rng.chance(0.03),
    comments,
    views,
    shares: platform === 'tiktok' ? Math.round(profile.avgShares * spread()) : 0,
    saves: platform === 'tiktok' ? Math.round(profile.avgSaves * spread()) : 0,
    sponsored: sponsor !== null,
    sponsor,
    durationSec:
      kind === 'short' || kind === 'reel' || platform === 'tiktok'
        ? rng.int(7, 59)
        : kind === 'live'
          ? rng.int(1800, 7200)
          : kind === 'video'
            ? rng.int(180, 1500)
            : 0,
    carouselCount: kind === 'carousel' ? rng.int(2, 10) : 0,
    audioId: 1 + Math.floor(rng.next() * AUDIO_TRACKS),
    url,
    thumbnail: `https://images.example.com/sample/posts/${code}.jpg`,
  };
}

/** IG: 13-digit pk and an 11-character shortcode; TikTok: a 19-digit id; YouTube: an 11-character id. */
export function encodePostId(profile: SampleProfile, index: number): { id: string; code: string } {
  if (profile.platform === 'instagram') {
    return { id: `3${pad(profile.index, 6)}${pad(index, 6)}`, code: `S${b36(profile.index, 4)}x${b36(index, 5)}` };
  }
  if (profile.platform === 'tiktok') {
    const id = `74${pad(profile.index, 7)}0000${pad(index, 6)}`;
    return { id, code: id };
  }
  const id = `S${b36(profile.index, 4)}v${b36(index, 5)}`;
  return { id, code: id };
}

const POST_KEYS: Record<Platform, { pattern: RegExp; radix: number }[]> = {
  instagram: [
    { pattern: /^S([0-9a-z]{4})x([0-9a-z]{5})$/, radix: 36 },
    { pattern: /^3(\d{6})(\d{6})(?:_\d+)?$/, radix: 10 },
  ],
  tiktok: [{ pattern: /^74(\d{7})0000(\d{6})$/, radix: 10 }],
  youtube: [{ pattern: /^S([0-9a-z]{4})v([0-9a-z]{5})$/, radix: 36 }],
};

/** The post behind an IG shortcode or pk, a TikTok video id or a YouTube video id. */
export function decodePost(dataset: SampleDataset, platform: Platform, key: string): SamplePost | undefined {
  for (const { pattern, radix } of POST_KEYS[platform]) {
    const match = pattern.exec(key);
    if (!match) continue;
    const profile = dataset.byPlatform[platform][Number.parseInt(match[1] ?? '', radix)];
    if (!profile || profile.isPrivate) return undefined;
    return postAt(profile, Number.parseInt(match[2] ?? '', radix));
  }
  return undefined;
}

/** Pulls a post key out of a post URL (or returns the input when it already is one). */
export function postKeyFromUrl(value: string): string {
  const trimmed = value.trim();
  const patterns = [
    /instagram\.com\/(?:[^/]+\/)?(?:p|reel|reels|tv)\/([^/?#]+)/i,
    /tiktok\.com\/@[^/]+\/video\/(\d+)/i,
    /youtube\.com\/watch\?(?:.*&)?v=([^&#]+)/i,
    /youtube\.com\/(?:shorts|live)\/([^/?#]+)/i,
    /youtu\.be\/([^/?#]+)/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(trimmed);
    if (match?.[1]) return match[1];
  }
  return trimmed;
}

/** The first `count` posts of a profile (newest first) that pass `keep`, scanning at most `limit` posts. */
export function postsWhere(
  profile: SampleProfile,
  keep: (post: SamplePost) => boolean,
  count: number,
  start = 0,
  limit = profile.postsCount,
): { posts: SamplePost[]; next: number | null } {
  const posts: SamplePost[] = [];
  let i = start;
  for (; i < Math.min(profile.postsCount, start + limit) && posts.length < count; i++) {
    const post = postAt(profile, i);
    if (post && keep(post)) posts.push(post);
  }
  return { posts, next: i < profile.postsCount ? i : null };
}

/** Comment `index` of a post; authors are other profiles of the same platform. */
export function commentAt(dataset: SampleDataset, post: SamplePost, index: number, parent?: number): SampleComment {
  const rng = new Rng(mixSeed(post.profile.seed, post.index, index, parent ?? -1));
  const others = dataset.byPlatform[post.profile.platform];
  const author = others[Math.floor(rng.next() * others.length)] as SampleProfile;
  const text = rng.pick(post.profile.language === 'sv' ? COMMENTS_SV : COMMENTS_EN);
  const id =
    parent === undefined
      ? `${post.id.replace(/\D/g, '').slice(-12).padStart(12, '0')}${pad(index, 6)}`
      : `${post.id.replace(/\D/g, '').slice(-12).padStart(12, '0')}${pad(parent, 6)}${pad(index, 4)}`;
  return {
    id,
    text,
    createdAt: post.takenAt + rng.int(60, 3 * DAY),
    likes: Math.round(Math.exp(rng.normal() * 1.2)),
    replies: parent === undefined ? (rng.chance(0.3) ? rng.int(1, 6) : 0) : 0,
    author,
  };
}

/** How many top-level comments the raw endpoints page through (capped to keep pages bounded). */
export function commentCount(post: SamplePost): number {
  return Math.min(post.comments, 300);
}

/** The top-level comment number encoded in a comment id from `commentAt`. */
export function commentIndexFromId(commentId: string): number | undefined {
  const match = /^\d{12}(\d{6})$/.exec(commentId);
  return match ? Number(match[1]) : undefined;
}
