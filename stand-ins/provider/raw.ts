/**
 * The Raw API (CONTRACT.md §9, spec §7): platform-native payloads generated from the synthetic
 * profiles and their on-demand posts. Instagram answers in Instagram's private-API style
 * (snake_case, `pk`, `taken_at`), TikTok in TikTok web style (camelCase, `uniqueId`,
 * `stats.playCount`), YouTube in YouTube Data API style (`snippet`, `statistics`, counts as strings,
 * `nextPageToken`) since no YouTube raw payload is public.
 *
 * Paging: every list answers an opaque cursor (`end_cursor`, `cursor` or `nextPageToken`) that is sent
 * back as `after` (TikTok also takes `cursor`). Page sizes: IG feeds 12, IG comments 20, TikTok feeds
 * 30, TikTok comments 20, YouTube uploads 30, playlists 100, YouTube comments 20.
 * A missing parameter answers 400 `bad_request`; an unknown account or post 404.
 */
import type { Platform } from './constants.ts';
import { countryOf, findProfile, type SampleDataset, type SampleProfile } from './dataset.ts';
import { dictionary, lookupUsers } from './dictionaries.ts';
import { ProviderError } from './errors.ts';
import {
  AUDIO_TRACKS,
  commentAt,
  commentCount,
  commentIndexFromId,
  decodePost,
  postAt,
  postKeyFromUrl,
  postsWhere,
  type SampleComment,
  type SamplePost,
} from './posts.ts';
import { hashString, mixSeed } from './random.ts';

export type RawPlatform = 'ig' | 'tiktok' | 'youtube';
export const RAW_PLATFORMS: Record<RawPlatform, Platform> = { ig: 'instagram', tiktok: 'tiktok', youtube: 'youtube' };
type Query = (name: string) => string | undefined;
type RawHandler = (dataset: SampleDataset, query: Query) => unknown;

const b36 = (value: number, width: number) => value.toString(36).padStart(width, '0');

function required(query: Query, name: string, what = name): string {
  const value = query(name)?.trim();
  if (!value) throw new ProviderError(400, 'bad_request', `Missing or malformed ${what} parameter "${name}".`);
  return value;
}

/** Cursors are opaque to clients: base64url of the next position. */
export function encodeCursor(position: number): string {
  return Buffer.from(`sample:${position}`).toString('base64url');
}

function decodeCursor(query: Query, ...names: string[]): number {
  const raw = names.map((name) => query(name)).find((value) => value !== undefined && value !== '');
  if (raw === undefined) return 0;
  const match = /^sample:(\d+)$/.exec(Buffer.from(raw, 'base64url').toString());
  if (!match) throw new ProviderError(400, 'bad_request', 'Malformed cursor in "after".');
  return Number(match[1]);
}

function profileFrom(dataset: SampleDataset, platform: Platform, url: string): SampleProfile {
  const profile = findProfile(dataset, platform, url);
  if (!profile || profile.isPrivate)
    throw new ProviderError(404, 'handle_not_found', `No public ${platform} account matches ${JSON.stringify(url)}.`);
  return profile;
}

function postFrom(dataset: SampleDataset, platform: Platform, key: string): SamplePost {
  const post = decodePost(dataset, platform, postKeyFromUrl(key));
  if (!post) throw new ProviderError(404, 'media_not_found', `No post matches ${JSON.stringify(key)}.`);
  return post;
}

/** Pages through `count` generated items starting at the cursor. */
function page<T>(start: number, size: number, total: number, item: (index: number) => T | undefined) {
  const items: T[] = [];
  for (let i = start; i < Math.min(total, start + size); i++) {
    const value = item(i);
    if (value !== undefined) items.push(value);
  }
  const next = start + size < total ? encodeCursor(start + size) : null;
  return { items, next };
}

// ---------------------------------------------------------------- Instagram

function igUser(p: SampleProfile) {
  return {
    pk: p.userId,
    username: p.username,
    full_name: p.fullname,
    is_verified: p.isVerified,
    is_private: p.isPrivate,
    profile_pic_url: p.picture,
  };
}

function igMedia(post: SamplePost, extra: { caption?: string; usertags?: SampleProfile[]; audioId?: number } = {}) {
  const p = post.profile;
  const clips = post.kind === 'reel';
  const media: Record<string, unknown> = {
    pk: post.id,
    id: `${post.id}_${p.userId}`,
    code: post.code,
    taken_at: post.takenAt,
    media_type: clips ? 2 : post.kind === 'carousel' ? 8 : 1,
    product_type: clips ? 'clips' : post.kind === 'carousel' ? 'carousel_container' : 'feed',
    caption: { text: extra.caption ?? post.caption },
    like_count: post.likesHidden ? -1 : post.likes,
    comment_count: post.comments,
    view_count: null,
    play_count: clips ? post.views : null,
    is_paid_partnership: post.sponsored,
    like_and_view_counts_disabled: post.likesHidden,
    image_versions2: { candidates: [{ url: post.thumbnail, width: 1080, height: clips ? 1920 : 1350 }] },
    user: igUser(p),
  };
  if (post.kind === 'carousel') media.carousel_media_count = post.carouselCount;
  if (clips) {
    media.video_url = `https://video.example.com/sample/${post.code}.mp4`;
    media.video_duration = post.durationSec;
    media.clips_metadata = { audio_id: String(extra.audioId ?? post.audioId) };
  }
  if (extra.usertags) media.usertags = { in: extra.usertags.map((user) => ({ user: igUser(user) })) };
  return media;
}

function igComment(comment: SampleComment, parent?: string) {
  return {
    pk: comment.id,
    text: comment.text,
    created_at: comment.createdAt,
    user: { pk: comment.author.userId, username: comment.author.username, profile_pic_url: comment.author.picture },
    comment_like_count: comment.likes,
    child_comment_count: comment.replies,
    ...(parent ? { parent_comment_id: parent } : {}),
  };
}

function igFeed(items: unknown[], next: string | null) {
  return { items, more_available: next !== null, end_cursor: next };
}

const holdersCache = new WeakMap<SampleDataset, Map<string, SampleProfile[]>>();

/** Public profiles of a platform using a hashtag. */
function holdersOf(dataset: SampleDataset, platform: Platform, tag: string): SampleProfile[] {
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
function tagFeedItem(holders: SampleProfile[], k: number, tag: string) {
  const holder = holders[k % holders.length] as SampleProfile;
  const post = postAt(holder, Math.floor(k / holders.length));
  if (!post) return undefined;
  const caption = post.hashtags.includes(tag) ? post.caption : `${post.caption} #${tag}`;
  return { post, caption };
}

function audioIdFrom(dataset: SampleDataset, url: string): number {
  const id = /audio\/(\d+)/.exec(url)?.[1] ?? (/^\d+$/.test(url) ? url : undefined);
  if (id !== undefined) {
    const n = Number(id);
    if (n >= 1 && n <= AUDIO_TRACKS) return n;
    throw new ProviderError(404, 'entity_not_found', `No audio ${id}.`);
  }
  return postFrom(dataset, 'instagram', url).audioId;
}

/** Reel `k` using an audio track: a deterministic creator's first reel, re-scored with this audio. */
function audioReel(dataset: SampleDataset, platform: Platform, audioId: number, k: number): SamplePost | undefined {
  const list = dataset.byPlatform[platform];
  const p = list[mixSeed(audioId, k) % list.length] as SampleProfile;
  if (p.isPrivate) return undefined;
  return postsWhere(p, (post) => post.kind === 'reel' || post.kind === 'video', 1, 0, 20).posts[0];
}

const audioTitle = (audioId: number) => {
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

export const IG_RAW: Record<string, RawHandler> = {
  search: (dataset, q) => {
    const keyword = required(q, 'keyword', 'search keyword');
    const users = lookupUsers(dataset, 'instagram', keyword, 10).users.map((user) => ({
      pk: user.userId,
      username: user.username,
      full_name: user.fullname,
      is_verified: user.isVerified,
      is_private: false,
      profile_pic_url: user.picture,
      follower_count: user.followers,
    }));
    const tags = (dictionary(dataset, 'instagram', 'hashtags', keyword, 10)?.tags as string[]) ?? [];
    const hashtags = tags.map((name) => ({
      id: String(hashString(name)),
      name,
      media_count: holdersOf(dataset, 'instagram', name).length * 37,
    }));
    return { users, hashtags };
  },
  'user-info': (dataset, q) => {
    const p = profileFrom(dataset, 'instagram', required(q, 'url'));
    const link = p.contacts.find((contact) => contact.type === 'linktree')?.value ?? null;
    return {
      pk: p.userId,
      username: p.username,
      full_name: p.fullname,
      biography: p.bio,
      category: p.isBrand ? 'Brand' : p.accountType === 3 ? 'Digital creator' : null,
      external_url: link,
      bio_links: link ? [{ title: 'Links', url: link }] : [],
      is_verified: p.isVerified,
      is_private: false,
      is_business: p.accountType === 2,
      follower_count: p.followers,
      following_count: p.following,
      media_count: p.postsCount,
      public_email: p.email ?? '',
      profile_pic_url: p.picture,
      profile_pic_url_hd: p.picture.replace('.jpg', '_hd.jpg'),
    };
  },
  'user-feed': (dataset, q) => {
    const p = profileFrom(dataset, 'instagram', required(q, 'url'));
    const { items, next } = page(decodeCursor(q, 'after'), 12, p.postsCount, (i) => {
      const post = postAt(p, i);
      return post ? igMedia(post) : undefined;
    });
    return igFeed(items, next);
  },
  'user-reels': (dataset, q) => {
    const p = profileFrom(dataset, 'instagram', required(q, 'url'));
    const { posts, next } = postsWhere(p, (post) => post.kind === 'reel', 12, decodeCursor(q, 'after'));
    return igFeed(
      posts.map((post) => igMedia(post)),
      next === null ? null : encodeCursor(next),
    );
  },
  'user-tags-feed': (dataset, q) => {
    const p = profileFrom(dataset, 'instagram', required(q, 'url'));
    const others = dataset.byPlatform.instagram;
    const total = Math.min(60, Math.floor(p.postsCount / 4));
    const { items, next } = page(decodeCursor(q, 'after'), 12, total, (k) => {
      const author = others[mixSeed(p.seed, k, 5) % others.length] as SampleProfile;
      if (author === p || author.isPrivate) return undefined;
      const post = postAt(author, mixSeed(p.seed, k, 6) % Math.min(author.postsCount, 50));
      return post ? igMedia(post, { caption: `${post.caption} @${p.username}`, usertags: [p] }) : undefined;
    });
    return igFeed(items, next);
  },
  'hashtag-feed': (dataset, q) => {
    const tag = required(q, 'hashtag').replace(/^#/, '').toLowerCase();
    const type = q('type') ?? 'recent';
    if (type !== 'recent' && type !== 'top')
      throw new ProviderError(400, 'bad_request', 'Parameter "type" must be "recent" or "top".');
    const holders = [...holdersOf(dataset, 'instagram', tag)].sort((a, b) =>
      type === 'top'
        ? b.followers - a.followers || a.index - b.index
        : a.lastPosted - b.lastPosted || a.index - b.index,
    );
    if (holders.length === 0) return igFeed([], null);
    const { items, next } = page(decodeCursor(q, 'after'), 12, Math.min(holders.length * 10, 600), (k) => {
      const item = tagFeedItem(holders, k, tag);
      return item ? igMedia(item.post, { caption: item.caption }) : undefined;
    });
    return igFeed(items, next);
  },
  'media-info': (dataset, q) => igMedia(postFrom(dataset, 'instagram', required(q, 'code', 'media shortcode'))),
  'media-comments': (dataset, q) => {
    const post = postFrom(dataset, 'instagram', required(q, 'code', 'media shortcode'));
    const { items, next } = page(decodeCursor(q, 'after'), 20, commentCount(post), (i) =>
      igComment(commentAt(dataset, post, i)),
    );
    return { comments: items, comment_count: post.comments, more_available: next !== null, end_cursor: next };
  },
  'media-comment-replies': (dataset, q) => {
    const post = postFrom(dataset, 'instagram', required(q, 'code', 'media shortcode'));
    const commentId = required(q, 'comment_id', 'comment id');
    const parent = commentIndexFromId(commentId);
    if (parent === undefined || parent >= commentCount(post))
      throw new ProviderError(404, 'entity_not_found', `No comment ${commentId} on this post.`);
    const comment = commentAt(dataset, post, parent);
    const { items, next } = page(decodeCursor(q, 'after'), 20, comment.replies, (i) =>
      igComment(commentAt(dataset, post, i, parent), comment.id),
    );
    return {
      child_comments: items,
      child_comment_count: comment.replies,
      more_available: next !== null,
      end_cursor: next,
    };
  },
  'audio-info': (dataset, q) => {
    const audioId = audioIdFrom(dataset, required(q, 'url'));
    const { items, next } = page(decodeCursor(q, 'after'), 12, 120, (k) => {
      const post = audioReel(dataset, 'instagram', audioId, k);
      return post ? igMedia(post, { audioId }) : undefined;
    });
    return {
      metadata: {
        audio_id: String(audioId),
        title: audioTitle(audioId),
        display_artist: `Sample Artist ${audioId % 40}`,
        duration_in_ms: 15_000 + (audioId % 45) * 1_000,
        reels_count: 120,
      },
      ...igFeed(items, next),
    };
  },
};

// ---------------------------------------------------------------- TikTok

function ttAuthor(p: SampleProfile) {
  return {
    id: p.userId,
    uniqueId: p.username,
    nickname: p.fullname,
    avatarThumb: p.picture,
    avatarMedium: p.picture,
    avatarLarger: p.picture,
    signature: p.bio,
    verified: p.isVerified,
    secUid: `MS4wLjABAAAA${Buffer.from(`sample-${p.userId}`).toString('base64url')}`,
    privateAccount: p.isPrivate,
  };
}

const musicId = (audioId: number) => `69${String(audioId).padStart(17, '0')}`;

function ttVideo(post: SamplePost, tag?: string) {
  const p = post.profile;
  const hashtags = tag && !post.hashtags.includes(tag) ? [...post.hashtags, tag] : post.hashtags;
  return {
    id: post.id,
    desc: tag && !post.hashtags.includes(tag) ? `${post.caption} #${tag}` : post.caption,
    createTime: post.takenAt,
    stats: {
      playCount: post.views,
      diggCount: post.likes,
      commentCount: post.comments,
      shareCount: post.shares,
      collectCount: post.saves,
    },
    video: {
      id: post.id,
      duration: post.durationSec,
      cover: post.thumbnail,
      originCover: post.thumbnail,
      playAddr: `https://video.example.com/sample/${post.id}.mp4`,
    },
    author: ttAuthor(p),
    music: {
      id: musicId(post.audioId),
      title: audioTitle(post.audioId),
      authorName: `Sample Artist ${post.audioId % 40}`,
      original: false,
    },
    challenges: hashtags.map((name) => ({ id: String(hashString(name)), title: name })),
    isAd: post.sponsored,
  };
}

function ttComment(comment: SampleComment, videoId: string, replyTo?: string) {
  return {
    cid: comment.id,
    aweme_id: videoId,
    text: comment.text,
    create_time: comment.createdAt,
    digg_count: comment.likes,
    reply_comment_total: comment.replies,
    ...(replyTo ? { reply_id: replyTo } : {}),
    user: {
      uid: comment.author.userId,
      unique_id: comment.author.username,
      nickname: comment.author.fullname,
      avatar_thumb: { url_list: [comment.author.picture] },
    },
  };
}

function ttFeed(key: string, items: unknown[], next: string | null) {
  return { [key]: { items, hasMore: next !== null, cursor: next } };
}

function ttTag(q: Query): string {
  const raw = q('hashtag') ?? q('name') ?? q('url');
  if (!raw?.trim()) throw new ProviderError(400, 'bad_request', 'Missing or malformed hashtag parameter "hashtag".');
  return (/tag\/([^/?#]+)/.exec(raw)?.[1] ?? raw).replace(/^#/, '').trim().toLowerCase();
}

function ttMusic(q: Query): number {
  const url = required(q, 'url');
  const digits = /(\d{19})\D*$/.exec(url)?.[1];
  const n = digits ? Number(digits.slice(2)) : Number.NaN;
  if (!digits?.startsWith('69') || n < 1 || n > AUDIO_TRACKS)
    throw new ProviderError(404, 'entity_not_found', `No sound matches ${JSON.stringify(url)}.`);
  return n;
}

export const TIKTOK_RAW: Record<string, RawHandler> = {
  'user-info': (dataset, q) => {
    const p = profileFrom(dataset, 'tiktok', required(q, 'url'));
    return {
      user_info: {
        userInfo: {
          user: ttAuthor(p),
          stats: {
            followerCount: p.followers,
            followingCount: p.following,
            heartCount: p.totalLikes,
            videoCount: p.postsCount,
            diggCount: (p.seed % 5000) + 10,
          },
        },
      },
    };
  },
  'user-feed': (dataset, q) => {
    const p = profileFrom(dataset, 'tiktok', required(q, 'url'));
    const { items, next } = page(decodeCursor(q, 'after', 'cursor'), 30, p.postsCount, (i) => {
      const post = postAt(p, i);
      return post ? ttVideo(post) : undefined;
    });
    return ttFeed('user_feed', items, next);
  },
  'challenge-feed': (dataset, q) => {
    const tag = ttTag(q);
    const holders = holdersOf(dataset, 'tiktok', tag);
    if (holders.length === 0) return ttFeed('challenge_feed', [], null);
    const { items, next } = page(decodeCursor(q, 'after', 'cursor'), 30, Math.min(holders.length * 10, 900), (k) => {
      const item = tagFeedItem(holders, k, tag);
      return item ? ttVideo(item.post, tag) : undefined;
    });
    return ttFeed('challenge_feed', items, next);
  },
  'challenge-info': (dataset, q) => {
    const tag = ttTag(q);
    const holders = holdersOf(dataset, 'tiktok', tag);
    if (holders.length === 0) throw new ProviderError(404, 'entity_not_found', `No challenge #${tag}.`);
    return {
      challenge_info: {
        challengeInfo: {
          challenge: {
            id: String(hashString(tag)),
            title: tag,
            desc: `Videos tagged #${tag}`,
            coverLarger: `https://images.example.com/sample/tags/${tag}.jpg`,
          },
          stats: {
            videoCount: holders.reduce((sum, p) => sum + Math.ceil(p.postsCount / 5), 0),
            viewCount: holders.reduce((sum, p) => sum + p.avgViews * Math.ceil(p.postsCount / 5), 0),
          },
        },
      },
    };
  },
  comments: (dataset, q) => {
    const post = postFrom(dataset, 'tiktok', required(q, 'url'));
    const start = decodeCursor(q, 'after', 'cursor');
    const { items, next } = page(start, 20, commentCount(post), (i) => ttComment(commentAt(dataset, post, i), post.id));
    return { comments: items, cursor: next, has_more: next !== null, total: post.comments };
  },
  'comments-replies': (dataset, q) => {
    const post = postFrom(dataset, 'tiktok', required(q, 'url'));
    const commentId = required(q, 'comment_id', 'comment id');
    const parent = commentIndexFromId(commentId);
    if (parent === undefined || parent >= commentCount(post))
      throw new ProviderError(404, 'entity_not_found', `No comment ${commentId} on this video.`);
    const comment = commentAt(dataset, post, parent);
    const { items, next } = page(decodeCursor(q, 'after', 'cursor'), 20, comment.replies, (i) =>
      ttComment(commentAt(dataset, post, i, parent), post.id, comment.id),
    );
    return { comments: items, cursor: next, has_more: next !== null, total: comment.replies };
  },
  'music-info': (_dataset, q) => {
    const n = ttMusic(q);
    return {
      music_info: {
        musicInfo: {
          music: {
            id: musicId(n),
            title: audioTitle(n),
            authorName: `Sample Artist ${n % 40}`,
            original: false,
            duration: 15 + (n % 45),
            coverLarge: `https://images.example.com/sample/music/${n}.jpg`,
            playUrl: `https://audio.example.com/sample/${n}.mp3`,
          },
          stats: { videoCount: 240 },
        },
      },
    };
  },
  'music-feed': (dataset, q) => {
    const n = ttMusic(q);
    const { items, next } = page(decodeCursor(q, 'after', 'cursor'), 30, 240, (k) => {
      const post = audioReel(dataset, 'tiktok', n, k);
      return post
        ? { ...ttVideo(post), music: { ...ttVideo(post).music, id: musicId(n), title: audioTitle(n) } }
        : undefined;
    });
    return ttFeed('music_feed', items, next);
  },
  'search-users': (dataset, q) => {
    const keyword = required(q, 'keyword', 'search keyword');
    const start = decodeCursor(q, 'after', 'cursor');
    const { users, total } = lookupUsers(dataset, 'tiktok', keyword, Math.min(100, start + 10));
    const slice = users.slice(start, start + 10);
    const next = start + 10 < Math.min(total, 100) ? encodeCursor(start + 10) : null;
    return {
      user_list: slice.map((user) => ({
        user_info: {
          uid: user.userId,
          unique_id: user.username,
          nickname: user.fullname,
          follower_count: user.followers,
          avatar_thumb: { url_list: [user.picture] },
          custom_verify: user.isVerified ? 'Verified account' : '',
        },
      })),
      has_more: next !== null,
      cursor: next,
    };
  },
  'media-info': (dataset, q) => ({
    media_info: { itemInfo: { itemStruct: ttVideo(postFrom(dataset, 'tiktok', required(q, 'url'))) } },
  }),
  'media-download': (dataset, q) => {
    const post = postFrom(dataset, 'tiktok', required(q, 'url'));
    return {
      media_download: {
        download_url: `https://video.example.com/sample/${post.id}.mp4?download=1`,
        expires_at: post.takenAt + 30 * 86_400,
      },
    };
  },
};

// ---------------------------------------------------------------- YouTube

const isoDuration = (seconds: number) =>
  `PT${seconds >= 3600 ? `${Math.floor(seconds / 3600)}H` : ''}${Math.floor((seconds % 3600) / 60)}M${seconds % 60}S`;

function ytVideo(post: SamplePost) {
  const p = post.profile;
  return {
    kind: 'youtube#video',
    id: post.id,
    snippet: {
      publishedAt: new Date(post.takenAt * 1000).toISOString(),
      channelId: p.userId,
      channelTitle: p.fullname,
      title: post.title,
      description: post.caption,
      thumbnails: { high: { url: post.thumbnail, width: 480, height: 360 } },
      tags: post.hashtags,
      liveBroadcastContent: 'none',
    },
    contentDetails: { duration: isoDuration(post.durationSec) },
    statistics: {
      viewCount: String(post.views),
      likeCount: String(post.likes),
      commentCount: String(post.comments),
    },
    ...(post.kind === 'live'
      ? { liveStreamingDetails: { actualStartTime: new Date(post.takenAt * 1000).toISOString() } }
      : {}),
    isShort: post.kind === 'short',
  };
}

function ytComment(comment: SampleComment, videoId: string, parentId?: string) {
  return {
    kind: 'youtube#comment',
    id: comment.id,
    snippet: {
      videoId,
      textDisplay: comment.text,
      textOriginal: comment.text,
      authorDisplayName: `@${comment.author.username}`,
      authorProfileImageUrl: comment.author.picture,
      authorChannelId: { value: comment.author.userId },
      likeCount: comment.likes,
      publishedAt: new Date(comment.createdAt * 1000).toISOString(),
      ...(parentId ? { parentId } : {}),
    },
  };
}

function ytUploads(kind: 'video' | 'short' | 'live'): RawHandler {
  return (dataset, q) => {
    const p = profileFrom(dataset, 'youtube', required(q, 'url'));
    const sortedBy = q('sorted_by') ?? 'newest';
    if (!['newest', 'oldest', 'popular'].includes(sortedBy))
      throw new ProviderError(400, 'bad_request', 'Parameter "sorted_by" must be newest, oldest or popular.');
    let posts = postsWhere(p, (post) => post.kind === kind, p.postsCount).posts;
    if (sortedBy === 'oldest') posts = posts.reverse();
    if (sortedBy === 'popular') posts = [...posts].sort((a, b) => b.views - a.views || a.index - b.index);
    const { items, next } = page(decodeCursor(q, 'after'), 30, posts.length, (i) => {
      const post = posts[i];
      return post ? ytVideo(post) : undefined;
    });
    return { items, nextPageToken: next };
  };
}

function ytVideoFrom(dataset: SampleDataset, q: Query, kind?: 'short') {
  const post = postFrom(dataset, 'youtube', required(q, 'url'));
  if ((kind === 'short') !== (post.kind === 'short'))
    throw new ProviderError(
      404,
      'media_not_found',
      kind === 'short' ? 'That video is not a short.' : 'That video is a short.',
    );
  return post;
}

export const YOUTUBE_RAW: Record<string, RawHandler> = {
  'channel-info': (dataset, q) => {
    const p = profileFrom(dataset, 'youtube', required(q, 'url'));
    return {
      kind: 'youtube#channel',
      id: p.userId,
      snippet: {
        title: p.fullname,
        description: p.bio,
        customUrl: `@${p.username}`,
        publishedAt: new Date(Date.UTC(2012 + (p.seed % 12), p.seed % 12, 1)).toISOString(),
        thumbnails: { high: { url: p.picture, width: 800, height: 800 } },
        country: countryOf(p).code,
      },
      statistics: {
        viewCount: String(p.totalViews),
        subscriberCount: String(p.followers),
        hiddenSubscriberCount: false,
        videoCount: String(p.postsCount),
      },
      isVerified: p.isVerified,
      isOfficialArtist: p.isOfficialArtist,
      playlists: [0, 1, 2].map((n) => `https://www.youtube.com/playlist?list=PL${b36(p.index, 4)}${b36(n, 2)}`),
    };
  },
  'uploaded-videos': ytUploads('video'),
  'uploaded-shorts': ytUploads('short'),
  'uploaded-lives': ytUploads('live'),
  'playlist-videos': (dataset, q) => {
    const url = required(q, 'url');
    const match = /(?:list=)?PL([0-9a-z]{4})([0-9a-z]{2})$/.exec(url);
    const p = match ? dataset.byPlatform.youtube[Number.parseInt(match[1] ?? '', 36)] : undefined;
    const n = match ? Number.parseInt(match[2] ?? '', 36) : -1;
    if (!p || p.isPrivate || n < 0 || n > 2)
      throw new ProviderError(404, 'entity_not_found', `No playlist matches ${JSON.stringify(url)}.`);
    const posts = postsWhere(p, (post) => post.kind === 'video' && post.index % 3 === n, p.postsCount).posts;
    const { items, next } = page(decodeCursor(q, 'after'), 100, posts.length, (i) => {
      const post = posts[i];
      return post ? ytVideo(post) : undefined;
    });
    return { items, nextPageToken: next };
  },
  'video-info': (dataset, q) => ytVideo(ytVideoFrom(dataset, q)),
  'short-info': (dataset, q) => ytVideo(ytVideoFrom(dataset, q, 'short')),
  'video-comments': (dataset, q) => {
    const post = postFrom(dataset, 'youtube', required(q, 'url'));
    const { items, next } = page(decodeCursor(q, 'after'), 20, commentCount(post), (i) => {
      const comment = commentAt(dataset, post, i);
      return {
        kind: 'youtube#commentThread',
        id: comment.id,
        snippet: { videoId: post.id, topLevelComment: ytComment(comment, post.id), totalReplyCount: comment.replies },
      };
    });
    return { items, nextPageToken: next };
  },
  'video-comment-replies': (dataset, q) => {
    const post = postFrom(dataset, 'youtube', required(q, 'url'));
    const commentId = required(q, 'comment_id', 'comment id');
    const parent = commentIndexFromId(commentId);
    if (parent === undefined || parent >= commentCount(post))
      throw new ProviderError(404, 'entity_not_found', `No comment ${commentId} on this video.`);
    const comment = commentAt(dataset, post, parent);
    const { items, next } = page(decodeCursor(q, 'after'), 20, comment.replies, (i) =>
      ytComment(commentAt(dataset, post, i, parent), post.id, comment.id),
    );
    return { items, nextPageToken: next };
  },
};

export const RAW_HANDLERS: Record<RawPlatform, Record<string, RawHandler>> = {
  ig: IG_RAW,
  tiktok: TIKTOK_RAW,
  youtube: YOUTUBE_RAW,
};
