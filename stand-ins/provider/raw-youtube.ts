/** Raw YouTube endpoints, in YouTube Data API style (see raw.ts). */
import { countryOf, type SampleDataset } from './dataset.ts';
import { ProviderError } from './errors.ts';
import {
  commentAt,
  commentCount,
  commentIndexFromId,
  postsWhere,
  type SampleComment,
  type SamplePost,
} from './posts.ts';
import { b36, decodeCursor, page, postFrom, profileFrom, type Query, type RawHandler, required } from './raw-common.ts';

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
