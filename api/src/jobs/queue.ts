import type { Database, DatabaseHandle } from '@kollab/db';
import { sql } from 'drizzle-orm';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type Queue,
} from 'pg-boss';
import type { Logger } from 'pino';

/**
 * The durable job queue (ADR 031): pg-boss in the application's own database, in its own schema
 * `pgboss` — on PostgreSQL through its pool, on PGlite through the embedded client. A job is a row:
 * enqueued in the caller's transaction it exists exactly when the change that caused it does, so a
 * crash between the change and the work loses nothing. Workers on every instance fetch with
 * `SKIP LOCKED`, so each job runs once; failures are retried with exponential backoff and, when
 * the retries are spent, moved to the dead-letter queue an admin sees and can send back.
 */

export const DEAD_LETTERS = 'dead-letters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A queue the application works: its options and what one job of it does. */
export interface QueueSpec<Data extends object = Record<string, unknown>> {
  name: string;
  options: Omit<Queue, 'name' | 'deadLetter'>;
  /** A cron expression (UTC) when the queue is fed by a schedule rather than by `enqueue`. */
  cron?: string;
  work(data: Data, job: { id: string; retryCount: number }): Promise<void>;
}

export interface DeadLetter {
  id: string;
  /** The queue the job failed in. */
  queue: string;
  data: Record<string, unknown>;
  /** The last error, as pg-boss recorded it. */
  error: string | null;
  retries: number;
  failedAt: string;
  firstQueuedAt: string;
}

export interface JobQueue {
  /** Adds a job; with `tx`, inside that transaction (it exists only if the transaction commits). */
  enqueue(
    name: string,
    data: object,
    options?: { tx?: Database; singletonKey?: string; startAfter?: Date },
  ): Promise<string | null>;
  /** Starts the workers (and the schedules) of `specs` on this instance. */
  work(specs: readonly QueueSpec<never>[]): Promise<void>;
  /** Waits until no job of the worked queues is waiting (due now) or running: for tests and shutdown. */
  drain(timeoutMs?: number): Promise<void>;
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /** How many dead letters wait, counted up to `cap` (without reading each one's source job). */
  deadLetterCount(cap: number): Promise<number>;
  /** One dead letter still waiting in the dead-letter queue, or null. */
  deadLetter(id: string): Promise<DeadLetter | null>;
  /** Sends dead letters back to the queues they failed in, with fresh retries; how many moved. */
  redrive(ids: string[]): Promise<number>;
  stop(): Promise<void>;
}

/** Opens the queue on the application's database and installs or migrates its schema. */
export async function openJobQueue(
  database: Pick<DatabaseHandle, 'kind' | 'url' | 'pglite'>,
  logger: Logger,
  options: { pollingIntervalSeconds?: number; backstopSeconds?: number; schedules?: boolean } = {},
): Promise<JobQueue> {
  const common = { schema: 'pgboss', useListenNotify: true, schedule: options.schedules ?? true } as const;
  const boss = database.pglite
    ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({ ...common, connectionString: database.url ?? '', max: 3, application_name: 'kollab-jobs' });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await ensureQueue(boss, { name: DEAD_LETTERS, options: { retentionSeconds: 30 * 24 * 60 * 60 } });
  const worked: string[] = [];
  // The error stays on the original job, in the queue it failed in.
  const toDeadLetter = async (job: JobWithMetadata<Record<string, unknown>>): Promise<DeadLetter> => {
    const source = job.sourceName && job.sourceId ? await boss.getJobById(job.sourceName, job.sourceId) : null;
    return {
      id: job.id,
      queue: job.sourceName ?? '',
      data: job.data ?? {},
      error: errorText(source?.output),
      retries: job.sourceRetryCount ?? 0,
      failedAt: job.createdOn.toISOString(),
      firstQueuedAt: (job.sourceCreatedOn ?? job.createdOn).toISOString(),
    };
  };
  // Every worked queue is woken by NOTIFY (`ensureQueue`), so a worker's poll is only the backstop
  // for what NOTIFY cannot say: a retry or a `startAfter` job coming due, or a notification lost
  // while the listener reconnected. `polling` applies only while the listener is down.
  const polling = options.pollingIntervalSeconds ?? 2;
  const backstop = Math.max(options.backstopSeconds ?? 30, polling);

  return {
    enqueue: (name, data, { tx, singletonKey, startAfter } = {}) =>
      boss.send(name, data, {
        // drizzle's `execute` answers with the driver's result; pg-boss unwraps both drivers' shapes.
        ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(startAfter ? { startAfter } : {}),
      }),
    async work(specs) {
      for (const spec of specs) {
        await ensureQueue(boss, spec);
        if (spec.cron) await boss.schedule(spec.name, spec.cron, {}, { tz: 'UTC' });
        // Up to ten jobs per fetch, each settled on its own; a full batch fetches again at once.
        // NOTIFY wakes a worker at once; the backstop poll finds what comes due later.
        await boss.work<Record<string, unknown>>(
          spec.name,
          {
            batchSize: 10,
            burstWhenBatchFull: true,
            perJobResults: true,
            pollingIntervalSeconds: polling,
            notifyPollingIntervalSeconds: backstop,
            includeMetadata: true,
          },
          async (jobs) => {
            const results: JobResult[] = [];
            for (const job of jobs) {
              try {
                await (spec.work as QueueSpec['work'])(job.data, { id: job.id, retryCount: job.retryCount });
                results.push({ id: job.id, status: 'completed' });
              } catch (error) {
                logger.warn({ err: error, queue: spec.name, jobId: job.id, retry: job.retryCount }, 'job failed');
                const message = error instanceof Error ? error.message : String(error);
                results.push({ id: job.id, status: 'failed', output: { message } });
              }
            }
            return results;
          },
        );
        worked.push(spec.name);
      }
    },
    async drain(timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        // pg-boss's own table: jobs due now or running in the queues this instance works.
        const { rows } = await boss.getDb().executeSql(
          `select name, id, state from pgboss.job where name = any($1::text[])
               and (state = 'active' or (state in ('created', 'retry') and start_after <= now())) limit 20`,
          [worked],
        );
        if (rows.length === 0) return;
        if (Date.now() > until) {
          const left = rows.map(
            (job: { name: string; id: string; state: string }) => `${job.name}/${job.id} ${job.state}`,
          );
          throw new Error(`jobs still pending after ${timeoutMs} ms: ${left.join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async deadLetters(limit = 500) {
      const jobs = await boss.findJobs<Record<string, unknown>>(DEAD_LETTERS, { queued: true, limit });
      return Promise.all(jobs.reverse().map(toDeadLetter));
    },
    async deadLetterCount(cap) {
      return (await boss.findJobs(DEAD_LETTERS, { queued: true, limit: cap })).length;
    },
    async deadLetter(id) {
      // pg-boss ids are UUIDs; anything else names no job (and must not reach a uuid column).
      if (!UUID.test(id)) return null;
      const [job] = await boss.findJobs<Record<string, unknown>>(DEAD_LETTERS, { id, queued: true });
      return job ? toDeadLetter(job) : null;
    },
    redrive: (ids) => (ids.length ? boss.redrive(DEAD_LETTERS, { ids }) : Promise.resolve(0)),
    stop: () => boss.stop({ graceful: true, timeout: 5_000, close: true }),
  };
}

/**
 * Creates the queue, or brings an existing one's options up to date (a restart after a deploy that
 * changed them). A queue's policy and partitioning are fixed at creation: pg-boss refuses to change them.
 * Every queue but the dead letters' (which no worker fetches) notifies: a job sent due now, by
 * `enqueue` or by a schedule's tick, wakes the workers in the transaction that commits it.
 */
async function ensureQueue(boss: PgBoss, spec: Pick<QueueSpec, 'name' | 'options'>): Promise<void> {
  const routing = spec.name === DEAD_LETTERS ? {} : { deadLetter: DEAD_LETTERS, notify: true };
  if (await boss.getQueue(spec.name)) {
    const { policy: _policy, partition: _partition, ...changeable } = spec.options;
    await boss.updateQueue(spec.name, { ...changeable, ...routing });
  } else {
    await boss.createQueue(spec.name, { ...spec.options, ...routing });
  }
}

/** pg-boss keeps a failed job's error as `{ message, stack, … }` in its output. */
function errorText(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return output === null || output === undefined ? null : JSON.stringify(output).slice(0, 500);
}
