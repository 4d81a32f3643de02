import type { JobDeps } from './job.ts';
import type { QueueSpec } from './queue.ts';
import { JOBS } from './registry.ts';

/** How often a scheduled job runs unless it names its own cadence. */
export const EVERY_MINUTE = '* * * * *';

/**
 * Each module's scheduled work as a queue fed by a cron schedule, every minute unless the job names
 * another (ADR 031). pg-boss
 * creates one job per minute however many instances run, and `exclusive` lets none be queued while
 * one runs, so a slow run is never doubled. A failing run is retried with backoff, then dead-lettered.
 */
export function scheduledQueues(deps: JobDeps): QueueSpec[] {
  return JOBS.map((job) => ({
    name: `scheduled.${job.name}`,
    cron: job.cron ?? EVERY_MINUTE,
    options: {
      policy: 'exclusive',
      retryLimit: 3,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 600,
      deleteAfterSeconds: 3600,
    },
    work: async () => {
      const changed = await job.run(deps, deps.now?.() ?? new Date());
      if (changed > 0) deps.logger?.info({ job: job.name, changed }, 'scheduled work done');
    },
  }));
}
