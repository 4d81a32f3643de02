import { createDb, createTestDatabase, type DatabaseHandle } from '@kollab/db';
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

async function queueOn(handle: DatabaseHandle, options: { schedules?: boolean } = {}): Promise<JobQueue> {
  const queue = await openJobQueue(handle, logger, {
    pollingIntervalSeconds: 0.5,
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

  it('schedules every registered job to run each minute, the credential purge every ten', async () => {
    const queue = await queueOn(database, { schedules: true });
    const mailer = { send: async () => {} };
    await queue.work(scheduledQueues({ db: database.db, mailer, env: {} as never, logger }));
    const rows = await database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    const schedules = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      name: string;
      cron: string;
    }[];
    expect(schedules.filter((row) => row.name.startsWith('scheduled.'))).toEqual(
      JOBS.map((job) => ({
        name: `scheduled.${job.name}`,
        cron: job.name === 'expiredCredentialsPurged' ? '*/10 * * * *' : '* * * * *',
      })).sort((x, y) => x.name.localeCompare(y.name)),
    );
    // The users table is untouched by scheduling alone.
    expect(await database.db.select().from(users).where(eq(users.role, 'admin'))).toEqual([]);
  });
});
