/** `GET /{platform}/performance-data` (CONTRACT.md §6). */
import type { Platform } from './constants.ts';
import type { SampleDataset } from './dataset.ts';
import { postsWhere, type SamplePost } from './posts.ts';
import { median, requireProfile, round4 } from './reports-common.ts';

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
