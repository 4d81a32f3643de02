import type { Logger } from 'pino';
import type { JobDeps } from './job.ts';
import { JOBS, type SweepResult } from './registry.ts';

export type { SweepResult } from './registry.ts';

/**
 * The time-based work: runs every registered job (see `registry.ts`) once, in order, and returns
 * how much each did. Every job is a conditional update on PostgreSQL, so several API instances can
 * sweep at once.
 */
export async function sweep(deps: JobDeps, now = new Date()): Promise<SweepResult> {
  const result: Record<string, number> = {};
  for (const job of JOBS) result[job.name] = await job.run(deps, now);
  return result as SweepResult;
}

/** Runs `sweep` every `intervalMs` until stopped; overlapping runs are skipped. */
export function startScheduler(deps: JobDeps & { logger: Logger }, intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await sweep(deps);
      if (Object.values(result).some((count) => count > 0)) {
        deps.logger.info(result, 'scheduled work done');
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'scheduled work failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
