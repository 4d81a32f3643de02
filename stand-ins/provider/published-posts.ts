/**
 * Posts published during a run (stand-in only): the campaign videos creators post while Kollab
 * watches them. The generated dataset is a frozen snapshot, so a new post and numbers that grow
 * after posting need a store of their own. Tests and the demo publish through the stand-in-only
 * routes `/_sample/{platform}/posts` (app.ts); raw `media-info` answers these posts in the
 * platform's own shape, with counts computed at the stand-in's clock:
 *   views(t) = V · (1 − e^(−t / 2 days)), V ≈ 0.5–2.5 × the account's followers (fixed per post),
 *   likes 6 %, comments 0.4 %, shares 0.3 % (TikTok) of the views.
 * A removed post answers 404 `media_not_found`, as a deleted one does at the real provider.
 */
import type { Platform } from './constants.ts';
import { findProfile, type SampleDataset, type SampleProfile } from './dataset.ts';
import { ProviderError } from './errors.ts';
import { postKeyFromUrl, type SamplePost } from './posts.ts';
import { hashString } from './random.ts';

export type PublishPlatform = Extract<Platform, 'instagram' | 'tiktok'>;

interface Published {
  profile: SampleProfile;
  platform: PublishPlatform;
  id: string;
  code: string;
  url: string;
  caption: string;
  /** Unix seconds. */
  postedAt: number;
  /** Views the post tends to. */
  reach: number;
  removed: boolean;
}

const DAY = 86_400;
const GROWTH_SECONDS = 2 * DAY;

export class PublishedPosts {
  readonly #posts = new Map<string, Published>();
  #counter = 0;

  readonly #nowMs: () => number;

  constructor(nowMs: () => number) {
    this.#nowMs = nowMs;
  }

  /** Unix seconds at the stand-in's clock. */
  now(): number {
    return Math.floor(this.#nowMs() / 1000);
  }

  publish(
    dataset: SampleDataset,
    platform: PublishPlatform,
    input: { username: string; caption: string; postedAt?: number },
  ): { id: string; code: string; url: string; postedAt: number } {
    const profile = findProfile(dataset, platform, input.username);
    if (!profile || profile.isPrivate)
      throw new ProviderError(
        404,
        'handle_not_found',
        `No public ${platform} account matches ${JSON.stringify(input.username)}.`,
      );
    this.#counter += 1;
    const n = this.#counter;
    // Shapes of their own (IG: "P…", TikTok: "75…"), so they never collide with the dataset's posts.
    const id = platform === 'instagram' ? `4${String(n).padStart(12, '0')}` : `75${String(n).padStart(17, '0')}`;
    const code = platform === 'instagram' ? `P${n.toString(36).padStart(10, '0')}` : id;
    const url =
      platform === 'instagram'
        ? `https://www.instagram.com/reel/${code}/`
        : `https://www.tiktok.com/@${profile.username}/video/${id}`;
    const factor = 0.5 + (hashString(`${profile.username}:${n}`) % 2001) / 1000;
    const post: Published = {
      profile,
      platform,
      id,
      code,
      url,
      caption: input.caption,
      postedAt: input.postedAt ?? this.now(),
      reach: Math.max(200, Math.round(profile.followers * factor)),
      removed: false,
    };
    this.#posts.set(`${platform}:${code}`, post);
    return { id, code, url, postedAt: post.postedAt };
  }

  /** The published post behind a shortcode, video id or URL; undefined when it is not one of these. */
  find(platform: Platform, key: string): SamplePost | undefined {
    const post = this.#posts.get(`${platform}:${postKeyFromUrl(key)}`);
    if (!post) return undefined;
    if (post.removed) throw new ProviderError(404, 'media_not_found', `No post matches ${JSON.stringify(key)}.`);
    return this.#asSample(post);
  }

  editCaption(platform: Platform, key: string, caption: string): boolean {
    const post = this.#posts.get(`${platform}:${postKeyFromUrl(key)}`);
    if (!post || post.removed) return false;
    post.caption = caption;
    return true;
  }

  remove(platform: Platform, key: string): boolean {
    const post = this.#posts.get(`${platform}:${postKeyFromUrl(key)}`);
    if (!post || post.removed) return false;
    post.removed = true;
    return true;
  }

  #asSample(post: Published): SamplePost {
    const age = Math.max(0, this.now() - post.postedAt);
    const views = Math.round(post.reach * (1 - Math.exp(-age / GROWTH_SECONDS)));
    const tags = [...post.caption.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => (m[1] ?? '').toLowerCase());
    const mentions = [...post.caption.matchAll(/@([A-Za-z0-9._]+)/g)].map((m) => m[1] ?? '');
    return {
      profile: post.profile,
      index: -1,
      id: post.id,
      code: post.code,
      kind: post.platform === 'instagram' ? 'reel' : 'video',
      takenAt: post.postedAt,
      caption: post.caption,
      title: post.caption.split('\n')[0] ?? '',
      hashtags: tags,
      mentions,
      likes: Math.round(views * 0.06),
      likesHidden: false,
      comments: Math.round(views * 0.004),
      views,
      shares: post.platform === 'tiktok' ? Math.round(views * 0.003) : 0,
      saves: post.platform === 'tiktok' ? Math.round(views * 0.002) : 0,
      sponsored: true,
      sponsor: null,
      durationSec: 30,
      carouselCount: 0,
      audioId: 1,
      url: post.url,
      thumbnail: `https://images.example.com/sample/posts/${post.code}.jpg`,
    };
  }
}
