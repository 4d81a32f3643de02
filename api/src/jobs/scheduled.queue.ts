import type { JobDeps } from './job.ts';
import type { QueueSpec } from './queue.ts';
import { JOBS } from './registry.ts';

/**
 * Each module's scheduled work as a queue fed by a cron schedule every minute (ADR 031). pg-boss
 * creates one job per minute however many instances run, and `exclusive` lets none be queued while
 * one runs, so a slow run is never doubled. A failing run is retried with backoff, then dead-lettered.
 */
export function scheduledQueues(deps: JobDeps): QueueSpec[] {
  return JOBS.map((job) => ({
    name: `scheduled.${job.name}`,
    cron: '* * * * *',
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
