/** Raw Instagram endpoints, in Instagram's private-API style (see raw.ts). */
import type { SampleProfile } from './dataset.ts';
import { dictionary, lookupUsers } from './dictionaries.ts';
import { ProviderError } from './errors.ts';
import {
  commentAt,
  commentCount,
  commentIndexFromId,
  postAt,
  postsWhere,
  type SampleComment,
  type SamplePost,
} from './posts.ts';
import { hashString, mixSeed } from './random.ts';
import {
  audioIdFrom,
  audioReel,
  audioTitle,
  decodeCursor,
  encodeCursor,
  holdersOf,
  page,
  postFrom,
  profileFrom,
  type RawHandler,
  required,
  tagFeedItem,
} from './raw-common.ts';

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

export function igMedia(
  post: SamplePost,
  extra: { caption?: string; usertags?: SampleProfile[]; audioId?: number } = {},
) {
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
