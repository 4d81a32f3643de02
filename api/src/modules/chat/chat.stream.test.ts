import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { User } from '@kollab/db/schema';
import { sessions } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { collectEvents, createConversation, type StreamEvent, sendMessage } from '../../../test/support/chat.ts';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { issueEmailToken } from '../auth/auth.service.ts';
import { SESSION_COOKIE } from '../auth/session.ts';

/*
 * A stream lives only as long as its session (ADR 012). Streams are opened on `second`; sessions
 * end through `t`, another API instance on the same database, so the revocation has to cross
 * instances over the message bus.
 */

let t: TestApp;
let second: TestApp;
let capped: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ shareDatabaseWith: t });
  capped = await createTestApp({
    shareDatabaseWith: t,
    settings: { CHAT_STREAMS_PER_USER: '2', CHAT_STREAMS_PER_IP: '3', TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await capped.close();
  await second.close();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'Lingon-och-blåbär-1987';

/** Opens a stream on `app` and waits until it is ready. */
async function openStream(app: TestApp, cookie: string, ip?: string) {
  const res = await app.app.request('/api/messages/stream', {
    headers: { Cookie: cookie, ...(ip ? { 'X-Forwarded-For': ip } : {}) },
  });
  expect(res.status).toBe(200);
  const stream = collectEvents(res);
  await stream.waitFor((events) => events.some((e) => e.event === 'ready'));
  return stream;
}

/** The last event of a stream whose session ended: the client should not reconnect blindly. */
const ENDED = { event: 'end', data: JSON.stringify({ reason: 'session_ended' }) };
const messagesIn = (events: StreamEvent[]) => events.filter((e) => e.event === 'message');

/** The brand's browser on instance `t`, signed in with the session in `cookie`. */
function browserWith(cookie: string): TestBrowser {
  const browser = new TestBrowser(t);
  browser.cookies.set(SESSION_COOKIE, cookie.slice(SESSION_COOKIE.length + 1));
  return browser;
}

const adminCookie = async () => loginAs(t.db, await createUser(t.db, { role: 'admin' }));

/** How each way of ending a session is performed on instance `t`, against the brand. */
const endings: [string, (brand: User, brandCookie: string) => Response | Promise<Response>][] = [
  ['signs out', (_brand, cookie) => browserWith(cookie).postForm('/api/auth/signout', {})],
  [
    'changes the password',
    (_brand, cookie) =>
      t.app.request('/api/auth/change-password', {
        method: 'POST',
        headers: jsonHeaders(cookie),
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'Hjortron-i-myren-2026' }),
      }),
  ],
  [
    'resets the password',
    async (brand) =>
      t.app.request('/api/auth/reset-password', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({
          token: await issueEmailToken(t.db, brand.id, 'reset_password', brand.email),
          password: 'Hjortron-i-myren-2026',
        }),
      }),
  ],
  [
    'is suspended by an admin',
    async (brand) =>
      t.app.request(`/api/admin/users/${brand.id}/suspend`, {
        method: 'POST',
        headers: jsonHeaders(await adminCookie()),
        body: JSON.stringify({ reason: 'Bedrägeriförsök' }),
      }),
  ],
  [
    'gets another role from an admin',
    async (brand) =>
      t.app.request(`/api/admin/users/${brand.id}/role`, {
        method: 'POST',
        headers: jsonHeaders(await adminCookie()),
        body: JSON.stringify({ role: 'creator', reason: 'Fel kontotyp' }),
      }),
  ],
  [
    'gets another role through the account update',
    async (brand) =>
      t.app.request(`/api/user/update/${brand.id}`, {
        method: 'POST',
        headers: jsonHeaders(await adminCookie()),
        body: JSON.stringify({ role: 'admin' }),
      }),
  ],
];

describe('a stream after its session ends', () => {
  it.each(endings)(
    'ends at once on another instance when the user %s, and delivers nothing more',
    async (_how, end) => {
      const { brand, claimId, brandCookie, creatorCookie } = await createConversation(t.db, {
        brand: { password: PASSWORD },
      });
      const stream = await openStream(second, brandCookie);

      const res = await end(brand, brandCookie);
      expect(res.status).toBe(200);
      // Closed by the revocation on the bus, before any message or heartbeat would have it check.
      await stream.waitForEnd(3000);
      expect((await sendMessage(t, creatorCookie, claimId, { body: 'Efter utloggningen' })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.map(({ event, data }) => ({ event, data }))).toEqual([
        { event: 'ready', data: expect.any(String) },
        ENDED,
      ]);
      // Reconnecting with the old cookie is refused.
      expect((await second.app.request('/api/messages/stream', { headers: { Cookie: brandCookie } })).status).toBe(401);
    },
  );

  it('ends only the signed-out session’s stream: another session of the user keeps receiving', async () => {
    const { brand, claimId, brandCookie, creatorCookie } = await createConversation(t.db);
    const otherDevice = await loginAs(t.db, brand);
    const signedOut = await openStream(second, brandCookie);
    const staying = await openStream(second, otherDevice);
    const creatorStream = await openStream(second, creatorCookie);

    expect((await browserWith(brandCookie).postForm('/api/auth/signout', {})).status).toBe(200);
    await signedOut.waitForEnd(3000);
    const posted = (await (await sendMessage(t, creatorCookie, claimId, { body: 'Hej igen' })).json()) as {
      data: { id: number };
    };

    const delivered = await staying.waitFor((events) => messagesIn(events).length === 1);
    expect(messagesIn(delivered).map((e) => e.id)).toEqual([String(posted.data.id)]);
    expect(messagesIn(await creatorStream.waitFor((events) => messagesIn(events).length === 1))).toHaveLength(1);
    expect(staying.ended).toBe(false);
    expect(signedOut.events.map((e) => e.event)).toEqual(['ready', 'end']);
    await staying.stop();
    await creatorStream.stop();
  });

  it('checks the session before each event: a session gone without any announcement delivers nothing', async () => {
    const { claimId, brandCookie, creatorCookie } = await createConversation(t.db);
    const stream = await openStream(second, brandCookie);
    const sessionId = brandCookie.slice(SESSION_COOKIE.length + 1).split('.')[0] ?? '';
    // Deleted behind the API's back: no revocation is published.
    await t.db.delete(sessions).where(eq(sessions.id, sessionId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.ended).toBe(false);

    expect((await sendMessage(t, creatorCookie, claimId, { body: 'Hemligt' })).status).toBe(201);

    expect((await stream.waitForEnd(3000)).map((e) => e.event)).toEqual(['ready', 'end']);
  });

  it('checks the session at each heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { brandCookie } = await createConversation(t.db);
    const stream = await openStream(second, brandCookie);
    vi.advanceTimersByTime(20_000);
    await stream.waitFor((events) => events.some((e) => e.event === 'ping'));

    const sessionId = brandCookie.slice(SESSION_COOKIE.length + 1).split('.')[0] ?? '';
    await t.db.delete(sessions).where(eq(sessions.id, sessionId));
    vi.advanceTimersByTime(20_000);

    expect((await stream.waitForEnd(3000)).map((e) => e.event)).toEqual(['ready', 'ping', 'end']);
  });
});

describe('open streams per account and per address', () => {
  it('defaults to 5 per account and 20 per address', () => {
    expect([t.env.CHAT_STREAMS_PER_USER, t.env.CHAT_STREAMS_PER_IP]).toEqual([5, 20]);
  });

  it('refuses one stream more than allowed per account with 429 and Retry-After, and allows one again after a close', async () => {
    const user = await createUser(t.db, { role: 'brand' });
    const cookies = [await loginAs(t.db, user), await loginAs(t.db, user), await loginAs(t.db, user)];
    const open = [
      await openStream(capped, cookies[0] ?? '', '10.1.0.1'),
      await openStream(capped, cookies[1] ?? '', '10.1.0.2'),
    ];

    const refused = await capped.app.request('/api/messages/stream', {
      headers: { Cookie: cookies[2] ?? '', 'X-Forwarded-For': '10.1.0.3' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many open message streams (at most 2 per account); close one first',
        requestId: refused.headers.get('x-request-id'),
      },
    });
    // Caps are per instance: the same account still gets a stream on another instance.
    const elsewhere = await openStream(second, cookies[2] ?? '');

    await open[0]?.stop();
    await vi.waitFor(async () => {
      const again = await capped.app.request('/api/messages/stream', {
        headers: { Cookie: cookies[2] ?? '', 'X-Forwarded-For': '10.1.0.3' },
      });
      expect(again.status).toBe(200);
      await again.body?.cancel();
    });
    await open[1]?.stop();
    await elsewhere.stop();
  });

  it('refuses one stream more than allowed per address, whoever asks', async () => {
    const users = [];
    for (let index = 0; index < 4; index++)
      users.push(await loginAs(t.db, await createUser(t.db, { role: 'creator' })));
    const open = [];
    for (const cookie of users.slice(0, 3)) open.push(await openStream(capped, cookie, '10.2.0.1'));

    const refused = await capped.app.request('/api/messages/stream', {
      headers: { Cookie: users[3] ?? '', 'X-Forwarded-For': '10.2.0.1' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many open message streams (at most 3 per address); close one first',
        requestId: refused.headers.get('x-request-id'),
      },
    });
    // Another address is not affected.
    const other = await openStream(capped, users[3] ?? '', '10.2.0.2');
    for (const stream of [...open, other]) await stream.stop();
  });

  it('gives the slot back when a client hangs up its socket', async () => {
    const server = serve({ fetch: capped.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const user = await createUser(t.db, { role: 'creator' });
    const cookies = [await loginAs(t.db, user), await loginAs(t.db, user)];
    /** Opens a stream over a real socket and waits for its first bytes. */
    const connect = (cookie: string) =>
      new Promise<{ status: number; hangUp: () => void }>((resolve, reject) => {
        const req = request(
          { port, host: '127.0.0.1', path: '/api/messages/stream', headers: { cookie, 'x-forwarded-for': '10.4.0.1' } },
          (res) => {
            res.once('data', () => resolve({ status: res.statusCode ?? 0, hangUp: () => req.destroy() }));
            res.once('end', () => resolve({ status: res.statusCode ?? 0, hangUp: () => req.destroy() }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      const held = [await connect(cookies[0] ?? ''), await connect(cookies[1] ?? '')];
      expect(held.map((stream) => stream.status)).toEqual([200, 200]);
      const refused = await connect(cookies[0] ?? '');
      expect(refused.status).toBe(429);
      refused.hangUp();

      for (const stream of held) stream.hangUp();
      await vi.waitFor(
        async () => {
          const again = await connect(cookies[0] ?? '');
          again.hangUp();
          expect(again.status).toBe(200);
        },
        { timeout: 3000 },
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives the slot back when the server ends a stream', async () => {
    const { brand, brandCookie } = await createConversation(t.db);
    const first = await openStream(capped, brandCookie, '10.3.0.1');
    const second2 = await openStream(capped, await loginAs(t.db, brand), '10.3.0.1');
    expect((await browserWith(brandCookie).postForm('/api/auth/signout', {})).status).toBe(200);
    await first.waitForEnd(3000);
    const third = await openStream(capped, await loginAs(t.db, brand), '10.3.0.1');
    await second2.stop();
    await third.stop();
  });
});
