/** What post tracking asks the data provider (ADR 033): a post's counts and caption, the account's usual views. */
import type { TrackedPost } from '@kollab/db/schema';
import type { Logger } from 'pino';
import type { Provider } from '../discovery/provider.ts';

/** The provider's codes for a post or account that is gone (CONTRACT.md §1.4); other 404s are retried. */
export const GONE = new Set([
  'media_not_found',
  'handle_not_found',
  'account_not_found',
  'account_removed',
  'private_account',
]);

export interface MediaRead {
  caption: string;
  postedAt: Date | null;
  username: string | null;
  views: number;
  likes: number;
  comments: number;
  shares: number | null;
}

/** Reads one post through raw media-info, in the platform's own shape. */
export async function readMedia(
  provider: Provider,
  post: Pick<TrackedPost, 'platform'> & { url: string },
): Promise<MediaRead> {
  const count = (value: number | null | undefined) => (typeof value === 'number' && value > 0 ? Math.round(value) : 0);
  if (post.platform === 'tiktok') {
    const { data } = await provider.client.raw('tiktok', 'media-info', { url: post.url });
    const item = data.media_info.itemInfo.itemStruct;
    return {
      caption: item.desc ?? '',
      postedAt: typeof item.createTime === 'number' ? new Date(item.createTime * 1000) : null,
      username: item.author?.uniqueId ?? null,
      views: count(item.stats.playCount),
      likes: count(item.stats.diggCount),
      comments: count(item.stats.commentCount),
      shares: count(item.stats.shareCount),
    };
  }
  const code = /\/(?:p|reels?|tv)\/([A-Za-z0-9_-]+)/.exec(post.url)?.[1] ?? post.url;
  const { data } = await provider.client.raw('ig', 'media-info', { code });
  return {
    caption: data.caption?.text ?? '',
    postedAt: typeof data.taken_at === 'number' ? new Date(data.taken_at * 1000) : null,
    username: data.user?.username ?? null,
    views: count(data.play_count ?? data.view_count),
    likes: count(data.like_count),
    comments: count(data.comment_count),
    shares: null,
  };
}

/** The account's median views over its recent videos (performance data); null when unknown. */
export async function typicalViews(
  deps: { provider: Provider; logger?: Logger },
  platform: 'instagram' | 'tiktok',
  username: string | null,
) {
  if (!username) return null;
  try {
    const { data } = await deps.provider.client.performance(platform, username);
    const blocks = data as unknown as Record<
      string,
      { views?: { median?: { numberOfItems: number; value: number }[] } }
    >;
    const block = platform === 'instagram' ? blocks.reels : blocks.posts;
    const median = block?.views?.median;
    const widest = median?.[median.length - 1];
    return widest ? Math.round(widest.value) : null;
  } catch (error) {
    deps.logger?.warn({ err: error, username }, 'performance data unavailable for a tracked post');
    return null;
  }
}
