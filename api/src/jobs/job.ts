import type { Database } from '@kollab/db';
import type { Logger } from 'pino';
import type { Env } from '../env.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Storage } from '../lib/storage.ts';
import type { JobQueue } from './queue.ts';

/** What every scheduled job may use; the scheduler passes the same services to each. */
export interface JobDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  /** Where avatars live; built from `env` by the jobs that need it when absent. */
  storage?: Storage;
  logger?: Logger;
  /** The durable queue, for jobs that hand work on to a queue of its own (post reads). */
  jobs?: JobQueue;
  /** The clock scheduled runs read (the browser suite moves it); default the system's. */
  now?: () => Date;
}

/**
 * One piece of time-based work a module owns. `name` is the key its count has in the sweep's
 * result; `run` does the work due at `now` and returns how many rows it changed. Every job must be
 * safe to run on several API instances at once (a conditional update, or a claimed mark).
 */
export interface ScheduledJob<Name extends string = string> {
  name: Name;
  /** A cron expression (UTC) for work that need not run every minute; default every minute. */
  cron?: string;
  run(deps: JobDeps, now: Date): Promise<number>;
}

/** Declares a job, keeping its name as a literal type so the sweep's result is typed by name. */
export function defineJob<const Name extends string>(job: ScheduledJob<Name>): ScheduledJob<Name> {
  return job;
}
