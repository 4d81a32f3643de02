import type { AdminHome } from '@kollab/contract/api/home';
import { FAILED_JOBS_COUNTED } from '@kollab/contract/home';
import { type Database, queryRows } from '@kollab/db';
import { deletionRequests, moderationCases, trackedPosts, withdrawals } from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/queue.ts';
import { isoOrNull } from './rows.ts';

type Queue = AdminHome['queues']['flaggedClaims'];
interface QueueRow {
  count: number;
  oldest_at: Date | string | null;
}

const toQueue = (row: QueueRow | undefined): Queue => ({
  count: row?.count ?? 0,
  oldestAt: isoOrNull(row?.oldest_at),
});

/**
 * The admin's queues, each a count and its oldest item: current posts that failed the ad-label
 * check (the ad-labels table's rows), withdrawals still requested (`withdrawals_status_created_at_idx`),
 * confirmed deletion requests past their due date that are still pending (held, or failed;
 * `deletion_requests_status_due_at_idx`), reported conversations (open moderation cases,
 * `moderation_cases_status_idx`) and dead letters.
 */
export async function adminHome(db: Database, jobs: JobQueue, now = new Date()): Promise<AdminHome> {
  const [counts, failed] = await Promise.all([
    queryRows<{ queue: string } & QueueRow>(
      db,
      sql`select 'flagged' as queue, count(*)::int as count, min(p.ad_label_checked_at) as oldest_at
            from ${trackedPosts} p
           where p.ad_label_ok = false
             and not exists (select 1 from ${trackedPosts} newer
                              where newer.claim_id = p.claim_id and newer.created_at > p.created_at)
          union all
          select 'withdrawals', count(*)::int, min(w.created_at)
            from ${withdrawals} w where w.status = 'requested'
          union all
          select 'deletions', count(*)::int, min(d.due_at)
            from ${deletionRequests} d
           where d.status = 'pending' and d.confirmed_at is not null and d.due_at <= ${now.toISOString()}::timestamptz
          union all
          select 'reported', count(*)::int, min(m.created_at)
            from ${moderationCases} m where m.status = 'open'`,
    ),
    jobs.deadLetterCount(FAILED_JOBS_COUNTED),
  ]);
  const of = (queue: string) => toQueue(counts.find((row) => row.queue === queue));
  return {
    role: 'admin',
    queues: {
      flaggedClaims: of('flagged'),
      withdrawalsToPay: of('withdrawals'),
      deletionRequestsDue: of('deletions'),
      reportedConversations: of('reported'),
      failedJobs: { count: failed, oldestAt: null },
    },
  };
}
