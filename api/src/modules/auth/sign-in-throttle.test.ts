import { emailTokens, sessions, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { issueEmailToken } from './auth.service.ts';
import { MAX_SIGN_IN_DELAY_MS, signInDelayMs } from './sign-in-throttle.ts';

let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'vattenmelon-cykel-7';
// The auth routes answer absolute URLs on the test app's PUBLIC_URL (ADR 018).
const SIGNED_IN = { url: 'http://localhost:3000/app/' };
const REFUSED = { url: 'http://localhost:3000/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2F' };

beforeAll(async () => {
  smtp = await startTestSmtp();
  // Behind one proxy, so each test browser can come from its own address.
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const from = (ip: string) => new TestBrowser(t, { 'X-Forwarded-For': ip });

async function guessWrong(email: string, browser: TestBrowser, times: number): Promise<void> {
  for (let attempt = 0; attempt < times; attempt++) {
    const res = await browser.signIn(email, `wrong-guess-${attempt}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(REFUSED);
  }
}

describe('nobody can lock an account out by guessing its password', () => {
  it('refuses only the guessing address; the owner elsewhere signs in with the right password', async () => {
    const owner = await createUser(t.db, { email: 'lockout.target@example.se', password: PASSWORD });
    const attacker = from('203.0.113.66');
    await guessWrong(owner.email, attacker, 10);

    const blocked = await attacker.signIn(owner.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);

    const res = await from('198.51.100.20').signIn(owner.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SIGNED_IN);
  });

  it('slows answers down instead of refusing when many addresses guess, and still lets the right password in', async () => {
    const owner = await createUser(t.db, { email: 'distributed.target@example.se', password: PASSWORD });
    for (let index = 0; index < 11; index++) await guessWrong(owner.email, from(`203.0.113.${index + 1}`), 1);

    const started = performance.now();
    const res = await from('198.51.100.21').signIn(owner.email, PASSWORD);
    const elapsed = performance.now() - started;

    expect(await res.json()).toEqual(SIGNED_IN);
    // 11 failures: the answer was held at least signInDelayMs(11) = 500 ms.
    expect(elapsed).toBeGreaterThanOrEqual(signInDelayMs(11) - 5);
  });

  it('lets a browser the owner signed in from before through, even from the guessing address', async () => {
    const owner = await createUser(t.db, { email: 'known.device@example.se', password: PASSWORD });
    const sharedAddress = '192.0.2.77';
    const ownersBrowser = from(sharedAddress);
    expect(await (await ownersBrowser.signIn(owner.email, PASSWORD)).json()).toEqual(SIGNED_IN);
    expect(ownersBrowser.cookies.get('kollab_device')).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    await ownersBrowser.postForm('/api/auth/signout', { callbackUrl: '/app/login' });

    // Someone behind the same address (a shared Wi-Fi) guesses until that address is refused...
    await guessWrong(owner.email, from(sharedAddress), 10);
    await guessWrong(owner.email, from('203.0.113.200'), 2);
    expect((await from(sharedAddress).signIn(owner.email, PASSWORD)).status).toBe(429);

    // ...but the owner's own browser is known: no refusal and no slow-down.
    const started = performance.now();
    const res = await ownersBrowser.signIn(owner.email, PASSWORD);
    expect(await res.json()).toEqual(SIGNED_IN);
    expect(performance.now() - started).toBeLessThan(signInDelayMs(12));
  });

  it('does not take a device cookie issued to another account', async () => {
    await createUser(t.db, { email: 'device.owner@example.se', password: PASSWORD });
    const target = await createUser(t.db, { email: 'device.victim@example.se', password: PASSWORD });
    const browser = from('192.0.2.88');
    await browser.signIn('device.owner@example.se', PASSWORD);
    await guessWrong(target.email, browser, 10);
    expect((await browser.signIn(target.email, PASSWORD)).status).toBe(429);
  });

  it('forgets the failures once the owner resets the password by mail', async () => {
    const owner = await createUser(t.db, { email: 'reset.clears@example.se', password: PASSWORD });
    const attacker = from('203.0.113.99');
    await guessWrong(owner.email, attacker, 10);
    expect((await attacker.signIn(owner.email, PASSWORD)).status).toBe(429);

    const token = await issueEmailToken(t.db, owner.id, 'reset_password', owner.email);
    const reset = await from('203.0.113.99').postJson('/api/auth/reset-password', {
      token,
      password: 'ny-fin-cykel-sommar-9',
    });
    expect(reset.status).toBe(200);
    expect(await (await attacker.signIn(owner.email, 'ny-fin-cykel-sommar-9')).json()).toEqual(SIGNED_IN);
  });

  it('doubles the wait from 250 ms after the tenth failure, up to 5 s', () => {
    expect([0, 9, 10, 11, 12, 13, 14, 15, 30].map(signInDelayMs)).toEqual([
      0,
      0,
      250,
      500,
      1000,
      2000,
      4000,
      MAX_SIGN_IN_DELAY_MS,
      MAX_SIGN_IN_DELAY_MS,
    ]);
  });
});

describe('mailed links do not outlive a password or e-mail change', () => {
  const resetWith = (token: string) =>
    t.app.request('/api/auth/reset-password', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token, password: 'helt-nytt-losen-42' }),
    });
  const invalid = { token: ['invalid_or_expired'] };

  it('voids an unused reset link when the password is changed', async () => {
    const user = await createUser(t.db, { email: 'change.voids@example.se', password: PASSWORD });
    const token = await issueEmailToken(t.db, user.id, 'reset_password', user.email);
    const change = await t.app.request('/api/auth/change-password', {
      method: 'POST',
      headers: jsonHeaders(await loginAs(t.db, user)),
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'annat-starkt-losen-8' }),
    });
    expect(change.status).toBe(200);

    const res = await resetWith(token);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { fields: unknown } }).error.fields).toEqual(invalid);
    // The password the owner chose stays.
    expect(await (await from('198.51.100.30').signIn(user.email, 'annat-starkt-losen-8')).json()).toEqual(SIGNED_IN);
  });

  it('voids reset and verification links and ends the other sessions when the e-mail changes', async () => {
    const user = await createUser(t.db, { email: 'moves.away@example.se', password: PASSWORD, verified: false });
    const reset = await issueEmailToken(t.db, user.id, 'reset_password', user.email);
    const verify = await issueEmailToken(t.db, user.id, 'verify_email', user.email);
    const otherBrowser = await loginAs(t.db, user);
    const confirmingBrowser = await loginAs(t.db, user);
    const change = await issueEmailToken(t.db, user.id, 'change_email', 'moved.here@example.se');

    const confirm = await t.app.request('/api/auth/confirm-email-change', {
      method: 'POST',
      headers: jsonHeaders(confirmingBrowser),
      body: JSON.stringify({ token: change }),
    });
    expect(await confirm.json()).toEqual({ status: 'email_changed' });

    expect((await resetWith(reset)).status).toBe(422);
    const verified = await t.app.request('/api/auth/verify-email', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token: verify }),
    });
    expect(verified.status).toBe(422);
    const open = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(open.filter((row) => row.usedAt === null)).toEqual([]);
    // The browser that confirmed stays signed in; every other one is signed out.
    const stillIn = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stillIn.map((row) => row.id)).toEqual([confirmingBrowser.split('=')[1]?.split('.')[0]]);
    const other = await t.app.request('/api/auth/session', { headers: { Cookie: otherBrowser } });
    expect(await other.json()).toEqual({});
  });

  it('refuses a reset link mailed to an address the account no longer has', async () => {
    const user = await createUser(t.db, { email: 'old.mailbox@example.se', password: PASSWORD });
    const token = await issueEmailToken(t.db, user.id, 'reset_password', user.email);
    // The address changed by a path that did not void the link (an admin edit in the database).
    await t.db.update(users).set({ email: 'new.mailbox@example.se' }).where(eq(users.id, user.id));

    expect((await resetWith(token)).status).toBe(422);
    expect(await (await from('198.51.100.31').signIn('new.mailbox@example.se', PASSWORD)).json()).toEqual(SIGNED_IN);
  });
});
