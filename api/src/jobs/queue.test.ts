import { createDb, createTestDatabase, type DatabaseHandle, queryRows } from '@kollab/db';
import { users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import type { Mail } from '../lib/mailer.ts';
import { mailQueue, queuedMailer } from './mail.queue.ts';
import { type JobQueue, openJobQueue, type QueueSpec } from './queue.ts';
import { JOBS } from './registry.ts';
import { scheduledQueues } from './scheduled.queue.ts';

const logger = createLogger('silent');
let database: DatabaseHandle;
const open: JobQueue[] = [];

async function queueOn(
  handle: DatabaseHandle,
  options: { schedules?: boolean; pollingSeconds?: number } = {},
): Promise<JobQueue> {
  const queue = await openJobQueue(handle, logger, {
    pollingIntervalSeconds: options.pollingSeconds ?? 0.5,
    backstopSeconds: options.pollingSeconds ?? 0.5,
    schedules: options.schedules ?? false,
  });
  open.push(queue);
  return queue;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const queue of open) await queue.stop();
  await database.close();
});

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the job queue (pg-boss)', () => {
  it('retries a failing job with backoff, dead-letters it when the retries are spent, and an admin sends it back', async () => {
    const queue = await queueOn(database);
    const attempts: { at: number; retry: number }[] = [];
    let healthy = false;
    const flaky: QueueSpec<{ n: number }> = {
      name: 'test.flaky',
      options: { retryLimit: 2, retryDelay: 1, retryBackoff: true },
      async work(_data, job) {
        attempts.push({ at: Date.now(), retry: job.retryCount });
        if (!healthy) throw new Error(`mail server said no (${job.retryCount})`);
      },
    };
    await queue.work([flaky]);
    const id = await queue.enqueue('test.flaky', { n: 1 });

    await until(async () => (await queue.deadLetters()).length === 1, 30_000);
    expect(attempts.map((attempt) => attempt.retry)).toEqual([0, 1, 2]);
    // Exponential backoff: the waits grow (retryDelay 1 s, doubling, with jitter).
    const waits = attempts.slice(1).map((attempt, i) => attempt.at - (attempts[i]?.at ?? 0));
    expect(waits.every((wait) => wait >= 500)).toBe(true);
    const [dead] = await queue.deadLetters();
    expect(dead).toMatchObject({ queue: 'test.flaky', data: { n: 1 }, error: 'mail server said no (2)' });
    expect(dead?.id).not.toBe(id);

    healthy = true;
    expect(await queue.redrive([dead?.id ?? ''])).toBe(1);
    await until(() => attempts.length === 4);
    await queue.drain();
    expect(await queue.deadLetters()).toEqual([]);
  });

  it('queues mail in the transaction of the change: a rolled-back change leaves no mail, a committed one is sent', async () => {
    const queue = await queueOn(database);
    const sent: Mail[] = [];
    await queue.work([mailQueue({ send: async (mail) => void sent.push(mail) })]);
    const mailer = queuedMailer(queue);
    const mail = (to: string): Mail => ({
      to,
      subject: 'Kvitto',
      text: 'Hej',
      attachments: [{ filename: 'kvitto.pdf', content: Buffer.from('%PDF-1.7 ö'), contentType: 'application/pdf' }],
    });

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await mailer.send(mail('rolled-back@example.se'), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction(async (tx) => {
      await mailer.send(mail('committed@example.se'), tx);
    });
    await queue.drain();
    expect(sent).toEqual([mail('committed@example.se')]);
  });

  it('two instances working one queue run every job exactly once', async () => {
    // A second instance: its own pool on PostgreSQL, the same embedded database on PGlite.
    const second = database.url ? await createDb({ url: database.url, max: 4 }) : database;
    const [a, b] = [await queueOn(database), await queueOn(second)];
    const runs = new Map<number, string[]>();
    const spec = (instance: string): QueueSpec<{ n: number }> => ({
      name: 'test.once',
      options: {},
      async work({ n }) {
        runs.set(n, [...(runs.get(n) ?? []), instance]);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    await a.work([spec('a')]);
    await b.work([spec('b')]);
    await Promise.all(Array.from({ length: 100 }, (_, n) => (n % 2 ? a : b).enqueue('test.once', { n })));
    await until(() => runs.size === 100);
    await a.drain();
    await b.drain();
    expect([...runs.values()].every((instances) => instances.length === 1)).toBe(true);
    const byInstance = [...runs.values()].flat();
    expect(byInstance.filter((instance) => instance === 'a').length + byInstance.filter((i) => i === 'b').length).toBe(
      100,
    );
    if (second !== database) await second.close();
  });

  it('wakes an idle worker through NOTIFY when a job is sent, not at its next poll', async () => {
    // Polls a minute apart: only the notification can bring the jobs within seconds.
    const queue = await queueOn(database, { pollingSeconds: 60 });
    const worked: number[] = [];
    await queue.work([
      {
        name: 'test.woken',
        options: {},
        async work({ n }: { n: number }) {
          worked.push(n);
        },
      } satisfies QueueSpec<{ n: number }>,
    ]);
    // The worker's first fetch (at start) found nothing; it now sleeps until its next poll.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await queue.enqueue('test.woken', { n: 1 });
    await until(() => worked.length === 1, 5_000);
    // In a committed transaction too: the notification is sent at its commit.
    await database.db.transaction(async (tx) => {
      await queue.enqueue('test.woken', { n: 2 }, { tx });
    });
    await until(() => worked.length === 2, 5_000);
    expect(worked).toEqual([1, 2]);
  });

  it('schedules every registered job to run each minute, the credential purge every ten', async () => {
    const queue = await queueOn(database, { schedules: true });
    const mailer = { send: async () => {} };
    await queue.work(scheduledQueues({ db: database.db, mailer, env: {} as never, logger }));
    const schedules = await queryRows<{ name: string; cron: string }>(
      database.db,
      sql`select name, cron from pgboss.schedule order by name`,
    );
    expect(schedules.filter((row) => row.name.startsWith('scheduled.'))).toEqual(
      JOBS.map((job) => ({
        name: `scheduled.${job.name}`,
        cron: job.name === 'expiredCredentialsPurged' ? '*/10 * * * *' : '* * * * *',
      })).sort((x, y) => x.name.localeCompare(y.name)),
    );
    // Each schedule's tick wakes its workers by NOTIFY, as every worked queue does.
    const notifying = await queryRows<{ name: string; notify: boolean }>(
      database.db,
      sql`select name, notify from pgboss.queue order by name`,
    );
    expect(notifying.filter((row) => row.name.startsWith('scheduled.'))).toEqual(
      JOBS.map((job) => ({ name: `scheduled.${job.name}`, notify: true })).sort((x, y) => x.name.localeCompare(y.name)),
    );
    expect(notifying.find((row) => row.name === 'dead-letters')).toEqual({ name: 'dead-letters', notify: false });
    // The users table is untouched by scheduling alone.
    expect(await database.db.select().from(users).where(eq(users.role, 'admin'))).toEqual([]);
  });
});
