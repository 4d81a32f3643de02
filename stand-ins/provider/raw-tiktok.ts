/** Raw TikTok endpoints, in TikTok web style (see raw.ts). */
import type { SampleProfile } from './dataset.ts';
import { lookupUsers } from './dictionaries.ts';
import { ProviderError } from './errors.ts';
import {
  AUDIO_TRACKS,
  commentAt,
  commentCount,
  commentIndexFromId,
  postAt,
  type SampleComment,
  type SamplePost,
} from './posts.ts';
import { hashString } from './random.ts';
import {
  audioReel,
  audioTitle,
  decodeCursor,
  encodeCursor,
  holdersOf,
  page,
  postFrom,
  profileFrom,
  type Query,
  type RawHandler,
  required,
  tagFeedItem,
} from './raw-common.ts';

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

export function ttVideo(post: SamplePost, tag?: string) {
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
