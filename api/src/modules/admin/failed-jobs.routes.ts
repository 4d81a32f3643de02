import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { type FailedJob, FailedJobListSchema, RetriedJobSchema } from '@kollab/contract/api/jobs';
import { MAIL_QUEUE } from '../../jobs/mail.queue.ts';
import type { DeadLetter } from '../../jobs/queue.ts';
import { recordAudit } from '../../lib/audit.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';

const tags = ['Admin'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('No such failed job') };

/** A dead letter as the admin sees it: a mail by its recipient and subject (its text may hold a sign-in link). */
function toFailedJob(job: DeadLetter): FailedJob {
  const summary =
    job.queue === MAIL_QUEUE
      ? `${String(job.data.to ?? '')} — ${String(job.data.subject ?? '')}`
      : job.queue.replace(/^scheduled\./, '');
  return {
    id: job.id,
    queue: job.queue,
    summary,
    error: job.error,
    retries: job.retries,
    failedAt: job.failedAt,
    firstQueuedAt: job.firstQueuedAt,
  };
}

/** The dead-letter list (ADR 031): jobs whose retries are spent, newest first, and sending one back. */
export const failedJobRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/failed-jobs',
      tags,
      summary: 'Admin: jobs whose retries are spent (mail, scheduled work), newest first',
      responses: { 200: jsonContent(FailedJobListSchema, 'The dead letters'), ...common },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const jobs = (await c.get('jobs').deadLetters()).map(toFailedJob);
      return c.json({ data: jobs, total: jobs.length }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/failed-jobs/{id}/retry',
      tags,
      summary: 'Admin: send a failed job back to its queue with fresh retries (audited)',
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(RetriedJobSchema, 'Sent back'), ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { id } = c.req.valid('param');
      const job = await c.get('jobs').deadLetter(id);
      if (!job) throw new AppError('not_found', 'No such failed job');
      const retried = await c.get('jobs').redrive([id]);
      if (retried === 0) throw new AppError('not_found', 'No such failed job');
      await recordAudit(c.get('db'), admin, 'job.retry', { type: 'job', id }, { queue: job.queue });
      return c.json({ data: { retried } }, 200);
    },
  );
