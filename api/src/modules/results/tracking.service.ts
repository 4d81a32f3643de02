/**
 * Post tracking (ADR 033). A submitted video link becomes a tracked post in the transaction of the
 * submission; its first read (`check`) reads the caption through the provider's raw media-info and
 * gives the ad-label verdict. Once the claim is accepted the post is read at about 1 h, 24 h, 7 d
 * and 30 d after posting (media-info for the counts, performance data for the account's usual
 * views). Each read is a job of the `tracking.read` queue, queued by the scheduler when due;
 * reads after acceptance are metered against the brand's monthly tracking budget.
 */
import { checkAdLabel } from '@kollab/contract/ad-label';
import { MILESTONE_SECONDS, TRACKING_MILESTONES, type TrackingMilestone } from '@kollab/contract/results';
import type { Database } from '@kollab/db';
import {
  brandProfiles,
  campaigns,
  claims,
  type PostReadMilestone,
  postReadings,
  submissions,
  type TrackedPost,
  trackedPosts,
} from '@kollab/db/schema';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { ProviderNotFoundError } from '../../integrations/provider/index.ts';
import type { JobQueue, QueueSpec } from '../../jobs/queue.ts';
import type { Provider } from '../discovery/provider.ts';
import { GONE, type MediaRead, readMedia, typicalViews } from './tracking-provider.ts';
import { bookMonth, nextStockholmMonth, TRACKING_READ_COST } from './tracking-usage.ts';

export const TRACKING_READ_QUEUE = 'tracking.read';

export interface TrackingDeps {
  db: Database;
  provider: Provider;
  env: Pick<
    Env,
    | 'TRACKING_MONTHLY_CREDITS'
    | 'TRACKING_MONTHLY_RAW_REQUESTS'
    | 'PROVIDER_GLOBAL_DAILY_CREDITS'
    | 'PROVIDER_GLOBAL_DAILY_RAW_REQUESTS'
  >;
  logger?: Logger;
  /** The clock (the browser suite moves it; the server uses the system's). */
  now?: () => Date;
}

export interface ReadJob {
  trackedPostId: string;
  milestone: PostReadMilestone;
}

/** Watches a new submission: its post is checked as soon as the scheduler runs (in `tx`). */
export async function watchSubmission(
  tx: Database,
  input: {
    submissionId: string;
    claimId: string;
    campaignId: string;
    creatorId: string;
    brandId: string;
    url: string;
    platform: string;
  },
  now: Date,
): Promise<void> {
  // A new submission replaces the claim's earlier posts: they are read (and billed) no more.
  await tx
    .update(trackedPosts)
    .set({ status: 'finished', nextMilestone: null, nextReadAt: null, updatedAt: now })
    .where(and(eq(trackedPosts.claimId, input.claimId), inArray(trackedPosts.status, ['checking', 'tracking'])));
  await tx.insert(trackedPosts).values({
    submissionId: input.submissionId,
    claimId: input.claimId,
    campaignId: input.campaignId,
    creatorId: input.creatorId,
    brandId: input.brandId,
    platform: input.platform === 'tiktok' ? 'tiktok' : 'instagram',
    url: input.url,
    nextMilestone: 'check',
    nextReadAt: now,
  });
}

/** The claim's current post: the tracked post of its newest submission. */
export async function currentPost(db: Database, claimId: string, lock = false): Promise<TrackedPost | null> {
  const query = db
    .select({ post: trackedPosts })
    .from(trackedPosts)
    .innerJoin(submissions, eq(submissions.id, trackedPosts.submissionId))
    .where(eq(trackedPosts.claimId, claimId))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: trackedPosts }) : await query;
  return row?.post ?? null;
}

/**
 * The next read of a post after acceptance. Milestones already read are skipped; of those already
 * due only the latest is read (a post accepted ten days after posting is read once now as its 7 d
 * point, not three times); otherwise the earliest still ahead. Null when nothing is left.
 */
export function nextRead(
  postedAt: Date | null,
  now: Date,
  done: ReadonlySet<string>,
): { milestone: TrackingMilestone; at: Date } | null {
  const left = TRACKING_MILESTONES.filter((milestone) => !done.has(milestone));
  if (left.length === 0) return null;
  if (!postedAt) return { milestone: left[0] as TrackingMilestone, at: now };
  const dueAt = (milestone: TrackingMilestone) => new Date(postedAt.getTime() + MILESTONE_SECONDS[milestone] * 1000);
  const passed = left.filter((milestone) => dueAt(milestone) <= now);
  if (passed.length > 0) return { milestone: passed[passed.length - 1] as TrackingMilestone, at: now };
  const first = left[0] as TrackingMilestone;
  return { milestone: first, at: dueAt(first) };
}

/** Starts the reads after acceptance (in the acceptance's transaction). A check still due goes first. */
export async function startTracking(tx: Database, claimId: string, now: Date): Promise<void> {
  const post = await currentPost(tx, claimId, true);
  if (post?.status !== 'checking') return;
  if (post.nextMilestone === 'check') return; // the check's read schedules the rest
  if (!post.postedAt) {
    // The check has not answered yet (queued, retrying): without the posting time no milestone can
    // be named, so the post is checked first and the check schedules the reads.
    await tx
      .update(trackedPosts)
      .set({ nextMilestone: 'check', nextReadAt: now, updatedAt: now })
      .where(eq(trackedPosts.id, post.id));
    return;
  }
  const next = nextRead(post.postedAt, now, await readMilestones(tx, post.id));
  await tx
    .update(trackedPosts)
    .set({
      status: next ? 'tracking' : 'finished',
      nextMilestone: next?.milestone ?? null,
      nextReadAt: next?.at ?? null,
      updatedAt: now,
    })
    .where(eq(trackedPosts.id, post.id));
}

async function readMilestones(db: Database, trackedPostId: string): Promise<Set<string>> {
  const rows = await db
    .select({ milestone: postReadings.milestone })
    .from(postReadings)
    .where(eq(postReadings.trackedPostId, trackedPostId));
  return new Set(rows.map((row) => row.milestone));
}

/**
 * Takes the posts whose read is due (a conditional update clears their schedule, so another
 * instance's scheduler cannot take them too) and queues one read job each, in one transaction.
 */
export async function queueDueReads(db: Database, jobs: JobQueue, now: Date, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: trackedPosts.id, milestone: trackedPosts.nextMilestone })
      .from(trackedPosts)
      .where(lte(trackedPosts.nextReadAt, now))
      .orderBy(trackedPosts.nextReadAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    await tx
      .update(trackedPosts)
      .set({ nextReadAt: null, nextMilestone: null, updatedAt: now })
      .where(
        inArray(
          trackedPosts.id,
          rows.map((row) => row.id),
        ),
      );
    for (const row of rows)
      await jobs.enqueue(
        TRACKING_READ_QUEUE,
        { trackedPostId: row.id, milestone: row.milestone ?? 'check' } satisfies ReadJob,
        {
          tx,
          singletonKey: `${row.id}:${row.milestone}`,
        },
      );
    return rows.length;
  });
}

/** Asks for a fresh check of the caption now (after the creator edited it). */
export async function requestCheck(db: Database, jobs: JobQueue, post: TrackedPost): Promise<void> {
  await jobs.enqueue(TRACKING_READ_QUEUE, { trackedPostId: post.id, milestone: 'check' } satisfies ReadJob, {
    singletonKey: `${post.id}:check`,
  });
  await db.update(trackedPosts).set({ updatedAt: new Date() }).where(eq(trackedPosts.id, post.id));
}

export type ReadOutcome = 'read' | 'disappeared' | 'cap_reached' | 'skipped';

/**
 * One read of a tracked post (the `tracking.read` job). Reads after acceptance are booked against
 * the brand's month first (refused: the post waits for the next month, marked `cap_reached`) and
 * against Kollab's daily provider budget. A post the provider no longer finds is flagged as
 * disappeared and read no more. A provider failure is thrown, so the queue retries with backoff.
 */
export async function readPost(deps: TrackingDeps, job: ReadJob): Promise<ReadOutcome> {
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db
    .select({ post: trackedPosts, campaign: campaigns, claimStatus: claims.status, brand: brandProfiles })
    .from(trackedPosts)
    .innerJoin(campaigns, eq(campaigns.id, trackedPosts.campaignId))
    .innerJoin(claims, eq(claims.id, trackedPosts.claimId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, trackedPosts.brandId))
    .where(eq(trackedPosts.id, job.trackedPostId));
  if (!row || row.post.status === 'disappeared') return 'skipped';
  const { post, campaign } = row;
  // An erased creator's post has no address left, and is read no more (ADR 022).
  const url = post.url;
  if (url === null) return 'skipped';
  const metered = job.milestone !== 'check';
  if (metered && (await readMilestones(deps.db, post.id)).has(job.milestone)) return 'skipped';

  if (metered && !(await bookMonth(deps, post.brandId, now, TRACKING_READ_COST))) {
    await deps.db
      .update(trackedPosts)
      .set({
        pausedReason: 'cap_reached',
        nextMilestone: job.milestone,
        nextReadAt: nextStockholmMonth(now),
        updatedAt: now,
      })
      .where(eq(trackedPosts.id, post.id));
    return 'cap_reached';
  }
  let media: MediaRead;
  try {
    media = await readMedia(deps.provider, { platform: post.platform, url });
  } catch (error) {
    if (error instanceof ProviderNotFoundError && GONE.has(error.code ?? '')) {
      // The raw request was billed (404s are); performance data was not asked for.
      if (metered) await bookMonth(deps, post.brandId, now, { credits: -TRACKING_READ_COST.credits, rawRequests: 0 });
      await deps.db
        .update(trackedPosts)
        .set({ status: 'disappeared', disappearedAt: now, nextMilestone: null, nextReadAt: null, updatedAt: now })
        .where(eq(trackedPosts.id, post.id));
      return 'disappeared';
    }
    // Not answered: give back what was booked (failed calls are not billed), then let the queue retry.
    if (metered) await bookMonth(deps, post.brandId, now, { credits: -TRACKING_READ_COST.credits, rawRequests: -1 });
    throw error;
  }
  const typical = metered ? await typicalViews(deps, post.platform, media.username) : null;
  // Performance data not answered: its credits are given back.
  const credits = metered && typical !== null ? TRACKING_READ_COST.credits : 0;
  if (metered && typical === null)
    await bookMonth(deps, post.brandId, now, { credits: -TRACKING_READ_COST.credits, rawRequests: 0 });
  const cost = { credits, rawRequests: 1 };

  const verdict = checkAdLabel(media.caption, {
    advertiser: [row.brand?.companyName, row.brand?.instagramHandle].filter((name): name is string => !!name),
    hashtags: campaign.hashtags,
  });
  const reading = {
    trackedPostId: post.id,
    milestone: job.milestone,
    readAt: now,
    views: media.views,
    likes: media.likes,
    comments: media.comments,
    shares: media.shares,
    typicalViews: typical,
    creditHundredths: Math.round(cost.credits * 100),
    rawRequests: cost.rawRequests,
    brandId: post.brandId,
  };
  await deps.db.transaction(async (tx) => {
    // A check read again (the creator fixed the caption) replaces the earlier check.
    if (job.milestone === 'check')
      await tx
        .insert(postReadings)
        .values(reading)
        .onConflictDoUpdate({
          target: [postReadings.trackedPostId, postReadings.milestone],
          set: { readAt: now, views: media.views, likes: media.likes, comments: media.comments, shares: media.shares },
        });
    else await tx.insert(postReadings).values(reading).onConflictDoNothing();
    const changes: Partial<typeof trackedPosts.$inferInsert> = {
      caption: media.caption,
      postedAt: media.postedAt ?? post.postedAt,
      adLabelOk: verdict.ok,
      adLabel: { ok: verdict.ok, problems: verdict.problems },
      adLabelCheckedAt: now,
      pausedReason: null,
      updatedAt: now,
    };
    // After acceptance the next milestone follows; a check of a post still being tracked keeps its schedule.
    const [current] = await tx.select().from(trackedPosts).where(eq(trackedPosts.id, post.id)).for('update');
    const accepted = row.claimStatus === 'accepted';
    const live = current?.status === 'checking' || current?.status === 'tracking';
    if (accepted && live && (metered || current?.status === 'checking') && current?.nextMilestone == null) {
      const next = nextRead(changes.postedAt ?? null, now, await readMilestones(tx, post.id));
      changes.status = next ? 'tracking' : 'finished';
      changes.nextMilestone = next?.milestone ?? null;
      changes.nextReadAt = next?.at ?? null;
    }
    await tx.update(trackedPosts).set(changes).where(eq(trackedPosts.id, post.id));
  });
  return 'read';
}

/** The queue that performs reads: retried with backoff (the provider may be down), then dead-lettered. */
export function trackingQueue(deps: TrackingDeps): QueueSpec<ReadJob> {
  return {
    name: TRACKING_READ_QUEUE,
    options: {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 300,
      deleteAfterSeconds: 7 * 24 * 3600,
    },
    work: async (data) => {
      const outcome = await readPost(deps, data);
      if (outcome !== 'read') deps.logger?.info({ ...data, outcome }, 'tracked post read');
    },
  };
}
