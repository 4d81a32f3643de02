import { clientLogs } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { purgeOldClientLogs } from './client-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(clientLogs);
  await t.db.execute("delete from rate_limits where key like 'log:%'");
});

/** What NextAuth 4's client logger posts: `level`, `code` and the spread metadata, form-encoded. */
function postLog(fields: Record<string, string>, ip = '198.51.100.1') {
  return t.app.request('/api/auth/_log', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost:3000',
      'X-Forwarded-For': ip,
    },
    body: new URLSearchParams(fields),
  });
}

const stored = async () =>
  (await t.db.select().from(clientLogs)).map(({ level, code, details, userId }) => ({ level, code, details, userId }));

describe('POST /api/auth/_log', () => {
  it("keeps only the fields NextAuth's client sends, each cut short", async () => {
    const res = await postLog({
      level: 'error',
      code: 'CLIENT_FETCH_ERROR',
      message: 'Failed to fetch',
      url: '/api/auth/session',
      name: 'TypeError',
      stack: `TypeError: Failed to fetch\n${'    at x (portal.js:1:1)\n'.repeat(150)}`,
      client: 'true',
      extra: 'x'.repeat(3000),
    });
    expect(res.status).toBe(204);
    expect(await stored()).toEqual([
      {
        level: 'error',
        code: 'CLIENT_FETCH_ERROR',
        details: '{"message":"Failed to fetch","url":"/api/auth/session"}',
        userId: null,
      },
    ]);
    await postLog({ level: 'warn', code: 'CLIENT_SESSION_ERROR', message: 'm'.repeat(3999) });
    const rows = await t.db.select().from(clientLogs).where(eq(clientLogs.code, 'CLIENT_SESSION_ERROR'));
    expect(rows.map((row) => row.details?.length)).toEqual([JSON.stringify({ message: 'm'.repeat(300) }).length]);
  });

  it('refuses a code that is not an event name', async () => {
    const res = await postLog({ level: 'error', code: '<script>alert(1)</script>' });
    expect(res.status).toBe(422);
    expect(await stored()).toEqual([]);
  });

  it('stores at most 10 events a minute from one address, and drops the rest quietly', async () => {
    const answers = [];
    for (let index = 0; index < 25; index++) {
      answers.push((await postLog({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: String(index) })).status);
    }
    expect(answers).toEqual(Array(25).fill(204));
    expect(await stored()).toHaveLength(10);
    // Another browser is still heard.
    await postLog({ level: 'error', code: 'CLIENT_FETCH_ERROR' }, '198.51.100.2');
    expect(await stored()).toHaveLength(11);
  });

  it('forgets events after the retention period', async () => {
    await postLog({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'old' });
    await postLog({ level: 'error', code: 'CLIENT_SESSION_ERROR', message: 'new' });
    const day = 24 * 60 * 60 * 1000;
    await t.db
      .update(clientLogs)
      .set({ createdAt: new Date(Date.now() - 31 * day) })
      .where(eq(clientLogs.code, 'CLIENT_FETCH_ERROR'));
    expect(t.env.CLIENT_LOG_RETENTION_DAYS).toBe(30);
    expect(await purgeOldClientLogs(t.db, t.env.CLIENT_LOG_RETENTION_DAYS)).toBe(1);
    expect((await stored()).map((row) => row.code)).toEqual(['CLIENT_SESSION_ERROR']);
  });
});
