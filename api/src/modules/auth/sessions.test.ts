import { sessions } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { cookiesSetBy } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { LAST_SEEN_INTERVAL_MS, SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from './session.ts';

let t: TestApp;
const PASSWORD = 'vattenmelon-cykel-7';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  // One proxy in front, so X-Forwarded-For gives each test browser its own address.
  t = await createTestApp({ settings: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

const errorBody = (res: Response, code: string, message: string) => ({
  error: { code, message, requestId: res.headers.get('x-request-id') },
});

/** A signed-in browser with its own User-Agent and client address. */
async function signedIn(email: string, userAgent: string, address: string): Promise<TestBrowser> {
  const browser = new TestBrowser(t, { 'User-Agent': userAgent, 'X-Forwarded-For': address });
  await browser.signIn(email, PASSWORD);
  expect(await browser.session()).toMatchObject({ user: { email } });
  return browser;
}

const sessionIdOf = (browser: TestBrowser) => (browser.cookies.get('kollab_session') ?? '').split('.')[0] ?? '';

interface Listed {
  data: { id: string; current: boolean }[];
}
const list = async (browser: TestBrowser) => (await (await browser.request('/api/account/sessions')).json()) as Listed;

describe('GET /api/account/sessions', () => {
  it('lists this device first, then the others, with device, network range and times, never the cookie', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const phone = await signedIn(user.email, SAFARI_IPHONE, '2001:db8:1:2::5');
    const laptop = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.41');
    const other = await createUser(t.db, { password: PASSWORD });
    await signedIn(other.email, FIREFOX_LINUX, '198.51.100.7');

    const res = await laptop.request('/api/account/sessions');
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const row = (browser: TestBrowser) => rows.find((candidate) => candidate.id === sessionIdOf(browser));
    const view = (browser: TestBrowser) => ({
      createdAt: row(browser)?.createdAt.toISOString(),
      lastSeenAt: row(browser)?.lastSeenAt.toISOString(),
      expiresAt: row(browser)?.expiresAt.toISOString(),
    });
    expect(await res.json()).toEqual({
      data: [
        {
          id: row(laptop)?.publicId,
          current: true,
          browser: 'Firefox 133',
          os: 'Linux',
          mobile: false,
          place: '192.0.2.0/24',
          ...view(laptop),
        },
        {
          id: row(phone)?.publicId,
          current: false,
          browser: 'Safari 18',
          os: 'iOS',
          mobile: true,
          place: '2001:db8:1::/48',
          ...view(phone),
        },
      ],
    });
    for (const browser of [laptop, phone]) {
      const publicId = row(browser)?.publicId ?? '';
      expect(publicId).toMatch(/^[a-z2-7]{24}$/);
      expect(browser.cookies.get('kollab_session')).not.toContain(publicId);
    }
    // Only the range is stored: no column of the row holds the address.
    expect(JSON.stringify(rows)).not.toContain('192.0.2.41');
    expect(JSON.stringify(rows)).not.toContain('2001:db8:1:2::5');
  });

  it('needs a session', async () => {
    const res = await t.app.request('/api/account/sessions');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorBody(res, 'unauthorized', 'Sign in first'));
  });
});

describe('signing sessions out', () => {
  it('signs another session out: its cookie stops working at once, this one goes on', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const there = await signedIn(user.email, SAFARI_IPHONE, '203.0.113.9');
    const [, theirs] = (await list(here)).data;

    const res = await here.request(`/api/account/sessions/${theirs?.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await there.session()).toEqual({});
    expect(await here.session()).toMatchObject({ user: { id: user.id } });
    expect((await list(here)).data.map((session) => session.current)).toEqual([true]);
  });

  it("answers 404 for an unknown id and for another user's session, which keeps working", async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const stranger = await createUser(t.db, { password: PASSWORD });
    const theirs = await signedIn(stranger.email, FIREFOX_LINUX, '192.0.2.2');
    const [theirSession] = (await list(theirs)).data;

    for (const id of [theirSession?.id, 'nosuchsession', sessionIdOf(theirs)]) {
      const res = await here.request(`/api/account/sessions/${id}`, { method: 'DELETE' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(errorBody(res, 'not_found', 'No such session'));
    }
    expect(await theirs.session()).toMatchObject({ user: { id: stranger.id } });
  });

  it('signs this session out and clears its cookie when its own id is given', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const [mine] = (await list(here)).data;
    const cookie = here.cookies.get('kollab_session');

    const res = await here.request(`/api/account/sessions/${mine?.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(cookiesSetBy(res).kollab_session?.value).toBe('');
    const replay = await t.app.request('/api/auth/session', { headers: { Cookie: `kollab_session=${cookie}` } });
    expect(await replay.json()).toEqual({});
  });

  it('signs out every other session and says how many', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const others = [
      await signedIn(user.email, SAFARI_IPHONE, '203.0.113.9'),
      await signedIn(user.email, FIREFOX_LINUX, '198.51.100.3'),
    ];
    const bystander = await createUser(t.db, { password: PASSWORD });
    const theirs = await signedIn(bystander.email, FIREFOX_LINUX, '192.0.2.1');

    const res = await here.postJson('/api/account/sessions/revoke-others', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: 2 });
    for (const browser of others) expect(await browser.session()).toEqual({});
    expect(await here.session()).toMatchObject({ user: { id: user.id } });
    expect(await theirs.session()).toMatchObject({ user: { id: bystander.id } });

    const again = await here.postJson('/api/account/sessions/revoke-others', {});
    expect(await again.json()).toEqual({ revoked: 0 });
  });

  it('needs a sign-in within the last 10 minutes, and changes nothing without one', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const there = await signedIn(user.email, SAFARI_IPHONE, '203.0.113.9');
    await t.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - 11 * MINUTE_MS) })
      .where(eq(sessions.id, sessionIdOf(here)));
    const [, theirs] = (await list(here)).data;

    for (const res of [
      await here.request(`/api/account/sessions/${theirs?.id}`, { method: 'DELETE' }),
      await here.postJson('/api/account/sessions/revoke-others', {}),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(
        errorBody(res, 'reauthentication_required', 'Confirm your password to continue'),
      );
    }
    expect(await there.session()).toMatchObject({ user: { id: user.id } });

    expect((await here.postJson('/api/auth/reauthenticate', { password: PASSWORD })).status).toBe(200);
    const res = await here.request(`/api/account/sessions/${theirs?.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await there.session()).toEqual({});
  });

  it('needs a session to sign anything out', async () => {
    for (const res of [
      await new TestBrowser(t).request('/api/account/sessions/whatever', { method: 'DELETE' }),
      await new TestBrowser(t).postJson('/api/account/sessions/revoke-others', {}),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(errorBody(res, 'unauthorized', 'Sign in first'));
    }
  });
});

describe('session lifetimes', () => {
  /** A signed-in browser whose session row is then moved back in time. */
  async function sessionAged(times: { createdAgoMs: number; lastSeenAgoMs: number }) {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const id = sessionIdOf(browser);
    const now = Date.now();
    const createdAt = new Date(now - times.createdAgoMs);
    const lastSeenAt = new Date(now - times.lastSeenAgoMs);
    // The stored expiry is left far ahead, so only the idle and absolute limits can end the session.
    await t.db
      .update(sessions)
      .set({ createdAt, lastSeenAt, expiresAt: new Date(now + 60 * DAY_MS) })
      .where(eq(sessions.id, id));
    return { browser, id, createdAt };
  }

  it('are 7 days idle and 30 days in all', () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(7 * DAY_MS);
    expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(30 * DAY_MS);
    expect(LAST_SEEN_INTERVAL_MS).toBe(5 * MINUTE_MS);
  });

  it('refuses and deletes a session idle for longer than the idle limit', async () => {
    const { browser, id } = await sessionAged({ createdAgoMs: 8 * DAY_MS, lastSeenAgoMs: 7 * DAY_MS + MINUTE_MS });
    const res = await browser.request('/api/auth/session');
    expect(await res.json()).toEqual({});
    expect(cookiesSetBy(res).kollab_session?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
  });

  it('refuses and deletes a session older than the absolute limit although it was just used', async () => {
    const { browser, id } = await sessionAged({ createdAgoMs: 30 * DAY_MS + MINUTE_MS, lastSeenAgoMs: MINUTE_MS });
    expect(await browser.session()).toEqual({});
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
  });

  it('keeps a session idle just under the limit, marks it seen and moves its expiry a full idle period on', async () => {
    const { browser, id } = await sessionAged({ createdAgoMs: 10 * DAY_MS, lastSeenAgoMs: 7 * DAY_MS - MINUTE_MS });
    const before = Date.now();
    const res = await browser.request('/api/auth/session');
    expect(await res.json()).toMatchObject({ user: { email: expect.any(String) } });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.expiresAt.getTime()).toBe((row?.lastSeenAt.getTime() ?? 0) + SESSION_IDLE_TIMEOUT_MS);
    const cookie = cookiesSetBy(res).kollab_session;
    expect(new Date(cookie?.attributes.match(/Expires=([^;]+)/)?.[1] ?? '').getTime()).toBe(
      Math.floor((row?.expiresAt.getTime() ?? 0) / 1000) * 1000,
    );
  });

  it('never extends a session past the absolute limit', async () => {
    const { browser, id, createdAt } = await sessionAged({ createdAgoMs: 27 * DAY_MS, lastSeenAgoMs: DAY_MS });
    await browser.session();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
  });

  it('writes last seen at most every 5 minutes, and only then re-sends the cookie', async () => {
    const { browser, id } = await sessionAged({ createdAgoMs: DAY_MS, lastSeenAgoMs: 4 * MINUTE_MS });
    const [before] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    const res = await browser.request('/api/auth/session');
    expect(cookiesSetBy(res)).toEqual({});
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(after).toEqual(before);
  });

  it('records the device and range of the latest request when it marks the session seen', async () => {
    const { browser, id } = await sessionAged({ createdAgoMs: DAY_MS, lastSeenAgoMs: 6 * MINUTE_MS });
    await browser.request('/api/auth/session', {
      headers: { 'User-Agent': SAFARI_IPHONE, 'X-Forwarded-For': '198.51.100.77' },
    });
    const [row] = await t.db
      .select({ userAgent: sessions.userAgent, ipPrefix: sessions.ipPrefix })
      .from(sessions)
      .where(eq(sessions.id, id));
    expect(row).toEqual({ userAgent: SAFARI_IPHONE, ipPrefix: '198.51.100.0/24' });
  });

  it('leaves expired sessions out of the list', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = await signedIn(user.email, FIREFOX_LINUX, '192.0.2.1');
    const gone = await signedIn(user.email, SAFARI_IPHONE, '203.0.113.9');
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${sessionIdOf(gone)}`,
    );
    expect((await list(here)).data.map((session) => session.current)).toEqual([true]);
  });
});
