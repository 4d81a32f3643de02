/**
 * Campaign results (issue 18, items 2–3; ADR 033): what a tracked post's readings add up to, and
 * the cost figures a brand compares campaigns by. Shared by the API (JSON, CSV, PDF) and the portal,
 * so every screen and file shows the same numbers. Money in öre; rates as fractions.
 *
 * - engagements = likes + comments + shares (shares where the platform shows them)
 * - engagement rate = engagements / views (per view: these are video posts, judged by who saw them)
 * - CPV = paid / views, CPM = paid / views × 1000, CPE = paid / engagements (öre, 2 decimals kept)
 */

/** The reads of a post after acceptance: about 1 h, 24 h, 7 and 30 days after posting. */
export const TRACKING_MILESTONES = ['1h', '24h', '7d', '30d'] as const;
export type TrackingMilestone = (typeof TRACKING_MILESTONES)[number];

/** Seconds after posting at which each milestone is read. */
export const MILESTONE_SECONDS: Record<TrackingMilestone, number> = {
  '1h': 3_600,
  '24h': 86_400,
  '7d': 7 * 86_400,
  '30d': 30 * 86_400,
};

export interface Counts {
  views: number;
  likes: number;
  comments: number;
  /** Null where the platform shows no count. */
  shares: number | null;
}

export interface Figures extends Counts {
  engagements: number;
  /** Null without views. */
  engagementRate: number | null;
  /** What was paid, in öre. */
  paidOre: number;
  /** Öre per view, per 1,000 views and per engagement; null when there is nothing to divide by. */
  costPerViewOre: number | null;
  cpmOre: number | null;
  costPerEngagementOre: number | null;
}

const per = (ore: number, count: number, scale = 1) =>
  count > 0 ? Math.round(((ore * scale) / count) * 100) / 100 : null;

/** The figures of one post's latest counts, or of several posts' counts summed. */
export function figures(counts: Counts, paidOre: number): Figures {
  const engagements = counts.likes + counts.comments + (counts.shares ?? 0);
  return {
    views: counts.views,
    likes: counts.likes,
    comments: counts.comments,
    shares: counts.shares,
    engagements,
    engagementRate: counts.views > 0 ? Math.round((engagements / counts.views) * 10_000) / 10_000 : null,
    paidOre,
    costPerViewOre: per(paidOre, counts.views),
    cpmOre: per(paidOre, counts.views, 1000),
    costPerEngagementOre: per(paidOre, engagements),
  };
}

/** Sums counts; shares stay null only when no post has them. */
export function sumCounts(list: readonly Counts[]): Counts {
  let shares: number | null = null;
  const total = { views: 0, likes: 0, comments: 0 };
  for (const item of list) {
    total.views += item.views;
    total.likes += item.likes;
    total.comments += item.comments;
    if (item.shares !== null) shares = (shares ?? 0) + item.shares;
  }
  return { ...total, shares };
}
