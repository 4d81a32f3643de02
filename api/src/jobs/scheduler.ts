import type { JobDeps } from './job.ts';
import { JOBS, type SweepResult } from './registry.ts';

export type { SweepResult } from './registry.ts';

/**
 * Runs every registered job (see `registry.ts`) once, in order, and returns how much each did: what
 * tests and scripts call to do the time-based work at a chosen `now`. A running server does the same
 * work through the job queue, each job on its own schedule (`scheduled.queue.ts`, ADR 031). Every
 * job is a conditional update, so several instances can run them at once.
 */
export async function sweep(deps: JobDeps, now = new Date()): Promise<SweepResult> {
  const result: Record<string, number> = {};
  for (const job of JOBS) result[job.name] = await job.run(deps, now);
  return result as SweepResult;
}
