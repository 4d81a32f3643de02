import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let failures = 0;
beforeAll(async () => {
  t = await createTestApp();
  // A queue whose work fails until told otherwise, with no retries: each failure is a dead letter at once.
  await t.queue.work([
    {
      name: 'test.reports',
      options: { retryLimit: 0 },
      async work() {
        if (failures-- > 0) throw new Error('the provider answered 503');
      },
    },
  ]);
});
afterAll(() => t.close());

const until = async (check: () => Promise<boolean>) => {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 15_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('failed jobs (dead letters) in the admin tables', () => {
  it('lists a job whose retries are spent, sends it back once, and is for admins only', async () => {
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    failures = 1;
    await t.queue.enqueue('test.reports', { campaignId: 'c-1' });
    await until(async () => (await t.queue.deadLetters()).length === 1);

    const list = await t.app.request('/api/admin/failed-jobs', { headers: jsonHeaders(admin) });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { id: string }[]; total: number };
    expect(body).toEqual({
      data: [
        {
          id: expect.any(String),
          queue: 'test.reports',
          summary: 'test.reports',
          error: 'the provider answered 503',
          retries: 0,
          failedAt: expect.any(String),
          firstQueuedAt: expect.any(String),
        },
      ],
      total: 1,
    });
    const id = body.data[0]?.id ?? '';

    const creator = await loginAs(t.db, await createUser(t.db));
    expect((await t.app.request('/api/admin/failed-jobs', { headers: jsonHeaders(creator) })).status).toBe(403);
    const retry = (cookie: string) =>
      t.app.request(`/api/admin/failed-jobs/${id}/retry`, { method: 'POST', headers: jsonHeaders(cookie) });
    expect((await retry(creator)).status).toBe(403);

    const sent = await retry(admin);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ data: { retried: 1 } });
    await t.queue.drain();
    expect(await t.queue.deadLetters()).toEqual([]);
    expect((await retry(admin)).status).toBe(404);
  });
});
