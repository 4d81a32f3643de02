import type { CampaignResultsView, FiguresView, ReadingView, TrackedPostView } from '@kollab/contract/api/results';
import { type Counts, figures, sumCounts } from '@kollab/contract/results';
import type { Database } from '@kollab/db';
import {
  campaigns,
  claims,
  type PostReading,
  postReadings,
  submissions,
  type TrackedPost,
  trackedPosts,
  trackingUsage,
  type User,
  users,
} from '@kollab/db/schema';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { stockholmMonth } from './tracking-usage.ts';

/** A tracked post that no newer submission of its claim replaced (tracked_posts unaliased in the query). */
const NEWEST_POST = `not exists (select 1 from tracked_posts t2 where t2.claim_id = tracked_posts.claim_id and t2.created_at > tracked_posts.created_at)`;

type Row = { post: TrackedPost; creatorName: string; payoutOre: number };

const latest = (readings: PostReading[]) => readings[readings.length - 1];

function toReading(reading: PostReading): ReadingView {
  return {
    milestone: reading.milestone,
    readAt: reading.readAt.toISOString(),
    views: reading.views,
    likes: reading.likes,
    comments: reading.comments,
    shares: reading.shares,
    typicalViews: reading.typicalViews,
  };
}

function toPost(row: Row, readings: PostReading[]): TrackedPostView {
  const { post } = row;
  const last = latest(readings);
  return {
    id: post.id,
    claimId: post.claimId,
    creator: { id: post.creatorId, name: row.creatorName },
    platform: post.platform,
    url: post.url,
    status: post.status,
    postedAt: post.postedAt?.toISOString() ?? null,
    caption: post.caption,
    adLabel:
      post.adLabel && post.adLabelCheckedAt
        ? { ok: post.adLabel.ok, problems: post.adLabel.problems, checkedAt: post.adLabelCheckedAt.toISOString() }
        : null,
    nextRead:
      post.nextMilestone && post.nextReadAt && post.nextMilestone !== 'check'
        ? { milestone: post.nextMilestone, at: post.nextReadAt.toISOString() }
        : null,
    pausedReason: post.pausedReason === 'cap_reached' ? 'cap_reached' : null,
    disappearedAt: post.disappearedAt?.toISOString() ?? null,
    readings: readings.map(toReading),
    figures: last ? figures(last, row.payoutOre) : null,
  };
}

/** Readings of the given posts, oldest first, grouped by post (one query). */
async function readingsOf(db: Database, ids: string[]): Promise<Map<string, PostReading[]>> {
  const byPost = new Map<string, PostReading[]>();
  if (ids.length === 0) return byPost;
  const rows = await db
    .select()
    .from(postReadings)
    .where(inArray(postReadings.trackedPostId, ids))
    .orderBy(asc(postReadings.readAt), asc(postReadings.id));
  for (const reading of rows) {
    const list = byPost.get(reading.trackedPostId) ?? [];
    list.push(reading);
    byPost.set(reading.trackedPostId, list);
  }
  return byPost;
}

/** The posts of accepted claims: one per claim, of its newest submission. */
function acceptedPosts(db: Database, where: ReturnType<typeof eq>) {
  return db
    .selectDistinctOn([trackedPosts.claimId], {
      post: trackedPosts,
      creatorName: users.fullName,
      payoutOre: claims.payoutOre,
    })
    .from(trackedPosts)
    .innerJoin(claims, eq(claims.id, trackedPosts.claimId))
    .innerJoin(submissions, eq(submissions.id, trackedPosts.submissionId))
    .innerJoin(users, eq(users.id, trackedPosts.creatorId))
    .where(and(where, eq(claims.status, 'accepted')))
    .orderBy(trackedPosts.claimId, desc(submissions.createdAt));
}

/** Sums the latest counts of each post and what was paid for them. */
function totalsOf(posts: TrackedPostView[]): FiguresView {
  const counted = posts.filter((post) => post.figures);
  const counts: Counts = sumCounts(counted.map((post) => post.figures as Counts));
  return figures(
    counts,
    counted.reduce((sum, post) => sum + (post.figures?.paidOre ?? 0), 0),
  );
}

/**
 * What a campaign's results depend on, read in one statement: its row, its posts' and claims' last
 * changes and counts, and the brand's tracking usage this month. The same version means the same
 * answer, so the route can send a prepared one (and 304 to a matching ETag).
 * @throws not_found (not the brand's campaign)
 */
export async function resultsVersion(db: Database, user: User, campaignId: string, now = new Date()): Promise<string> {
  const month = stockholmMonth(now);
  const [row] = await db
    .select({
      brandId: campaigns.brandId,
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the
      // subqueries would name the subquery's own columns.
      // Every post's row (a read changes it), the number of readings, the claims, and the creators'
      // names (a rename, an erasure) — hashed, so a write that commits late still changes it.
      version: sql<string>`concat_ws('|', campaigns.updated_at::text,
        (select md5(string_agg(p.id || p.updated_at::text || p.status || coalesce(u.full_name, ''), ',' order by p.id))
          from tracked_posts p left join users u on u.id = p.creator_id where p.campaign_id = campaigns.id),
        (select count(*) from post_readings r join tracked_posts p on p.id = r.tracked_post_id
          where p.campaign_id = campaigns.id),
        (select max(r.read_at)::text from post_readings r join tracked_posts p on p.id = r.tracked_post_id
          where p.campaign_id = campaigns.id),
        (select md5(string_agg(c.id || c.updated_at::text, ',' order by c.id)) from claims c
          where c.campaign_id = campaigns.id),
        ${month}::text,
        (select u.credit_hundredths || ':' || u.raw_requests from tracking_usage u
          where u.brand_id = campaigns.brand_id and u.month = ${month}))`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row || (user.role !== 'admin' && row.brandId !== user.id)) throw new AppError('not_found', 'Campaign not found');
  return row.version;
}

/**
 * A campaign's results for its brand (or an admin): every accepted post with its readings and
 * figures, the totals, and the brand's tracking budget this month.
 * @throws not_found (not the brand's campaign)
 */
export async function campaignResults(
  db: Database,
  env: Pick<Env, 'TRACKING_MONTHLY_CREDITS' | 'TRACKING_MONTHLY_RAW_REQUESTS'>,
  user: User,
  campaignId: string,
  now = new Date(),
): Promise<CampaignResultsView> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || (user.role !== 'admin' && campaign.brandId !== user.id))
    throw new AppError('not_found', 'Campaign not found');
  const rows = await acceptedPosts(db, eq(trackedPosts.campaignId, campaignId));
  const readings = await readingsOf(
    db,
    rows.map((row) => row.post.id),
  );
  const posts = rows
    .map((row) => toPost(row, readings.get(row.post.id) ?? []))
    .sort(
      (a, b) => (b.figures?.views ?? -1) - (a.figures?.views ?? -1) || a.creator.name.localeCompare(b.creator.name),
    );
  const month = stockholmMonth(now);
  const [usage] = await db
    .select()
    .from(trackingUsage)
    .where(and(eq(trackingUsage.brandId, campaign.brandId), eq(trackingUsage.month, month)));
  return {
    campaign: { id: campaign.id, title: campaign.title, payoutOre: campaign.payoutOre },
    totals: totalsOf(posts),
    posts,
    usage: {
      month,
      credits: (usage?.creditHundredths ?? 0) / 100,
      creditCap: env.TRACKING_MONTHLY_CREDITS,
      rawRequests: usage?.rawRequests ?? 0,
      rawCap: env.TRACKING_MONTHLY_RAW_REQUESTS,
    },
  };
}

/**
 * The current post of a claim as its creator, its brand or an admin sees it (verdict and, once
 * accepted, the readings); null when nothing was submitted.
 * @throws not_found (not a party to the claim)
 */
export async function claimPost(db: Database, user: User, claimId: string): Promise<TrackedPostView | null> {
  const [claim] = await db
    .select({ claim: claims, brandId: campaigns.brandId })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(eq(claims.id, claimId));
  const party = claim && (user.role === 'admin' || claim.claim.creatorId === user.id || claim.brandId === user.id);
  if (!claim || !party) throw new AppError('not_found', 'Claim not found');
  const [row] = await db
    .select({ post: trackedPosts, creatorName: users.fullName, payoutOre: claims.payoutOre })
    .from(trackedPosts)
    .innerJoin(claims, eq(claims.id, trackedPosts.claimId))
    .innerJoin(submissions, eq(submissions.id, trackedPosts.submissionId))
    .innerJoin(users, eq(users.id, trackedPosts.creatorId))
    .where(eq(trackedPosts.claimId, claimId))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  if (!row) return null;
  const readings = await readingsOf(db, [row.post.id]);
  return toPost(row, readings.get(row.post.id) ?? []);
}

/** Admins: results across campaigns with tracked posts, the most viewed first. */
export async function resultsOverview(db: Database) {
  const rows = await db
    .select({
      campaignId: campaigns.id,
      title: campaigns.title,
      brand: users.fullName,
      posts: count(trackedPosts.id),
      flagged:
        sql<number>`count(*) filter (where ${trackedPosts.adLabelOk} = false and ${sql.raw(NEWEST_POST)})`.mapWith(
          Number,
        ),
    })
    .from(trackedPosts)
    .innerJoin(campaigns, eq(campaigns.id, trackedPosts.campaignId))
    .innerJoin(users, eq(users.id, campaigns.brandId))
    .groupBy(campaigns.id, campaigns.title, users.fullName);
  const all = await acceptedPosts(
    db,
    inArray(
      trackedPosts.campaignId,
      rows.map((row) => row.campaignId),
    ),
  );
  const readings = await readingsOf(
    db,
    all.map((row) => row.post.id),
  );
  const byCampaign = new Map<string, TrackedPostView[]>();
  for (const row of all) {
    const list = byCampaign.get(row.post.campaignId) ?? [];
    list.push(toPost(row, readings.get(row.post.id) ?? []));
    byCampaign.set(row.post.campaignId, list);
  }
  return rows
    .map((row) => ({ ...row, totals: totalsOf(byCampaign.get(row.campaignId) ?? []) }))
    .sort((a, b) => b.totals.views - a.totals.views || a.title.localeCompare(b.title));
}

/** Admins: posts whose caption failed the ad-label check, newest check first. */
export async function adLabelFlags(db: Database) {
  const rows = await db
    .select({
      post: trackedPosts,
      campaignTitle: campaigns.title,
      creatorName: users.fullName,
      claimStatus: claims.status,
    })
    .from(trackedPosts)
    .innerJoin(campaigns, eq(campaigns.id, trackedPosts.campaignId))
    .innerJoin(claims, eq(claims.id, trackedPosts.claimId))
    .innerJoin(users, eq(users.id, trackedPosts.creatorId))
    // The claim's current post only: one replaced by a newer submission is no longer a problem.
    // An erased creator's post (no address left) can no longer be fixed or looked at.
    .where(and(eq(trackedPosts.adLabelOk, false), isNotNull(trackedPosts.url), sql.raw(NEWEST_POST)))
    .orderBy(desc(trackedPosts.adLabelCheckedAt))
    .limit(500);
  // The condition above leaves no row without an address; the type cannot know it.
  return rows
    .flatMap(({ post: { url, ...post }, ...row }) => (url === null ? [] : [{ ...row, post, url }]))
    .map((row) => ({
      trackedPostId: row.post.id,
      claimId: row.post.claimId,
      campaignId: row.post.campaignId,
      campaignTitle: row.campaignTitle,
      creatorName: row.creatorName,
      url: row.url,
      caption: row.post.caption,
      problems: row.post.adLabel?.problems ?? [],
      checkedAt: row.post.adLabelCheckedAt?.toISOString() ?? '',
      claimStatus: row.claimStatus,
    }));
}
