import { sessions, users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { silently, within1s } from '../../../test/support/instance-memory.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/*
 * Two API instances on one database, each keeping session rows in memory (ADR 035), on PGlite and on
 * PostgreSQL alike: what one instance (or anyone with psql) changes, the other stops trusting within
 * a second, and the instance that made a change sees it at once.
 */
let a: TestApp;
let b: TestApp;
const PASSWORD = 'lingon-kanot-4-ljus';
const CACHED = { INSTANCE_CACHE_MS: '60000' };

beforeAll(async () => {
  a = await createTestApp({ settings: CACHED });
  b = await createTestApp({ settings: CACHED, shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface SessionBody {
  user?: { id: string; name: string; role: string };
}
const sessionOn = async (t: TestApp, cookie: string) =>
  (await (await t.app.request('/api/auth/session', { headers: { Cookie: cookie } })).json()) as SessionBody;

describe('sessions held in memory', () => {
  it('answers a known session from memory, and only for as long as INSTANCE_CACHE_MS', async () => {
    const user = await createUser(a.db);
    const cookie = await loginAs(a.db, user);
    expect((await sessionOn(a, cookie)).user?.id).toBe(user.id);

    // Deleted without an announcement: A answers from memory, B (which never read it) from the database.
    await silently(a, sql`delete from ${sessions} where ${sessions.userId} = ${user.id}`);
    expect((await sessionOn(a, cookie)).user?.id).toBe(user.id);
    expect(await sessionOn(b, cookie)).toEqual({});

    const brief = await createTestApp({ settings: { INSTANCE_CACHE_MS: '150' }, shareDatabaseWith: a });
    try {
      const other = await createUser(a.db);
      const otherCookie = await loginAs(a.db, other);
      expect((await sessionOn(brief, otherCookie)).user?.id).toBe(other.id);
      await silently(a, sql`delete from ${sessions} where ${sessions.userId} = ${other.id}`);
      expect((await sessionOn(brief, otherCookie)).user?.id).toBe(other.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await sessionOn(brief, otherCookie)).toEqual({});
    } finally {
      await brief.close();
    }
  });

  it('a sign-out on one instance ends the session on the other within 1 s', async () => {
    const user = await createUser(a.db, { password: PASSWORD });
    const browser = new TestBrowser(a);
    await browser.signIn(user.email, PASSWORD);
    const cookie = browser.cookieHeader;
    expect((await sessionOn(b, cookie)).user?.id).toBe(user.id);

    const res = await browser.postForm('/api/auth/signout', { callbackUrl: '/app/login' });
    expect(res.status).toBe(200);
    const ms = await within1s(async () => (await sessionOn(b, cookie)).user === undefined);
    expect(ms).toBeLessThan(1_000);
    const refused = await b.app.request('/api/account/sessions', { headers: { Cookie: cookie } });
    expect(refused.status).toBe(401);
  });

  it("an admin's role change and a suspension on one instance end the user's sessions on the other within 1 s", async () => {
    const admin = await createUser(a.db, { role: 'admin' });
    const adminCookie = await loginAs(a.db, admin);
    for (const [path, body] of [
      ['role', { role: 'brand', reason: 'Signed up as the wrong kind' }],
      ['suspend', { reason: 'Spam' }],
    ] as const) {
      const user = await createUser(a.db);
      const cookie = await loginAs(a.db, user);
      expect((await sessionOn(b, cookie)).user).toMatchObject({ id: user.id, role: 'creator' });

      const res = await a.app.request(`/api/admin/users/${user.id}/${path}`, {
        method: 'POST',
        headers: jsonHeaders(adminCookie),
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      expect(await within1s(async () => (await sessionOn(b, cookie)).user === undefined)).toBeLessThan(1_000);
    }
  });

  it('a change to the user row made anywhere reaches both instances within 1 s', async () => {
    const user = await createUser(a.db, { fullName: 'Före Namn' });
    const cookie = await loginAs(a.db, user);
    expect((await sessionOn(a, cookie)).user?.name).toBe('Före Namn');
    expect((await sessionOn(b, cookie)).user?.name).toBe('Före Namn');

    // As psql or a job would: a plain UPDATE, committed.
    await a.db.update(users).set({ fullName: 'Efter Namn' }).where(eq(users.id, user.id));
    for (const t of [a, b]) {
      expect(await within1s(async () => (await sessionOn(t, cookie)).user?.name === 'Efter Namn')).toBeLessThan(1_000);
    }
  });

  it('the instance that changed the account answers with the change at once', async () => {
    const user = await createUser(a.db, { fullName: 'Gammalt Namn' });
    const cookie = await loginAs(a.db, user);
    expect((await sessionOn(b, cookie)).user?.name).toBe('Gammalt Namn');

    const res = await b.app.request(`/api/user/update/${user.id}`, {
      method: 'POST',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ fullName: 'Nytt Namn' }),
    });
    expect(res.status).toBe(200);
    expect((await sessionOn(b, cookie)).user?.name).toBe('Nytt Namn');
  });

  it('a suspended user whose row another instance still holds is refused once the change is announced', async () => {
    const user = await createUser(a.db);
    const cookie = await loginAs(a.db, user);
    expect((await sessionOn(b, cookie)).user?.id).toBe(user.id);
    await a.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect(await within1s(async () => (await sessionOn(b, cookie)).user === undefined)).toBeLessThan(1_000);
    expect(await a.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
