import { auditLog, recoveryCodes, signInChallenges, totpCredentials, type User } from '@kollab/db/schema';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from './totp.ts';

let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'tvåstegs-hallon-42';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});
const signInUrl = (error: string) => ({ url: `${ORIGIN}/app/login?error=${error}&callbackUrl=%2Fapp%2F` });

/** Moves the clock (Date only) on by whole TOTP steps, so each sign-in below can use a fresh code. */
function nextStep(steps = 1): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000 });
}
const codeNow = (key: Uint8Array) => totpCode(key, totpStep());

/** A user who signed in with the password just now, with two-factor turned on through the API. */
async function enrolled(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { password: PASSWORD, ...options });
  const browser = new TestBrowser(t);
  expect((await browser.signIn(user.email, PASSWORD)).status).toBe(200);
  const setup = await browser.postJson('/api/account/two-factor/setup', {});
  expect(setup.status).toBe(200);
  const { secret, uri } = ((await setup.json()) as { data: { secret: string; uri: string } }).data;
  const key = decodeBase32IgnorePadding(secret);
  const confirmed = await browser.postJson('/api/account/two-factor/confirm', { code: codeNow(key) });
  expect(confirmed.status).toBe(200);
  const codes = ((await confirmed.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes;
  return { user, browser, key, secret, uri, codes };
}

/** Signs in with the password (first step) in a fresh browser. */
async function passwordStep(user: User) {
  const browser = new TestBrowser(t);
  const res = await browser.signIn(user.email, PASSWORD);
  return { browser, res };
}
const codeStep = (browser: TestBrowser, code: string) =>
  browser.postForm('/api/auth/callback/totp', { code, callbackUrl: '/app/' });

describe('turning two-factor on', () => {
  it('gives a secret and its otpauth URI, turns on with a code from it, and answers ten recovery codes once', async () => {
    const { user, browser, secret, uri, codes } = await enrolled();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Kollab:${encodeURIComponent(user.email)}?issuer=Kollab&algorithm=SHA1&secret=${secret}&period=30&digits=6`,
    );
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const status = await browser.request('/api/account/two-factor');
    expect(await status.json()).toEqual({
      data: { enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10, required: false },
    });
    expect(((await browser.session()) as { user: { twoFactor: boolean } }).user.twoFactor).toBe(true);
    // Only hashes are kept: no recovery code and no secret in clear in the database.
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash).some((hash) => codes.includes(hash))).toBe(false);
    const [credential] = await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
    expect(credential?.secretEncrypted).not.toContain(secret);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Tvåstegsverifiering är påslagen');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'two_factor.enabled')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a wrong code and stays off', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    await browser.postJson('/api/account/two-factor/setup', {});
    const res = await browser.postJson('/api/account/two-factor/confirm', { code: '000000' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'The code is wrong or has expired', { code: ['wrong_code'] }),
    );
    expect(await (await browser.request('/api/account/two-factor')).json()).toMatchObject({ data: { enabled: false } });
  });

  it('needs a recent sign-in to start', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    nextStep(11 * 2); // eleven minutes later
    const res = await browser.postJson('/api/account/two-factor/setup', {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody(res, 'reauthentication_required', 'Confirm your password to continue'));
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the right password, and starts the session only with it', async () => {
    const { user, key } = await enrolled();
    nextStep();
    const { browser, res } = await passwordStep(user);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${ORIGIN}/app/login?step=totp&callbackUrl=%2Fapp%2F` });
    expect(await browser.session()).toEqual({});
    const wrong = await codeStep(browser, '123456' === codeNow(key) ? '654321' : '123456');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(signInUrl('TotpInvalid'));
    const right = await codeStep(browser, codeNow(key));
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ url: `${ORIGIN}/app/` });
    expect(await browser.session()).toMatchObject({ user: { id: user.id, twoFactor: true } });
  });

  it('never takes the same code twice, even from two browsers at once', async () => {
    const { user, key } = await enrolled();
    nextStep();
    const first = await passwordStep(user);
    const second = await passwordStep(user);
    const code = codeNow(key);
    const answers = await Promise.all([codeStep(first.browser, code), codeStep(second.browser, code)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    // A later sign-in in the same 30 seconds cannot reuse it either.
    const third = await passwordStep(user);
    expect((await codeStep(third.browser, code)).status).toBe(401);
  });

  it('takes each recovery code once, and mails the owner when one is used', async () => {
    const { user, codes } = await enrolled();
    const [code = ''] = codes;
    const first = await passwordStep(user);
    const used = await codeStep(first.browser, code.toUpperCase().replace('-', ' '));
    expect(used.status).toBe(200);
    const again = await passwordStep(user);
    expect((await codeStep(again.browser, code)).status).toBe(401);
    await vi.waitFor(() =>
      expect(smtp.messages.some((m) => m.to === user.email && m.subject.includes('reservkod'))).toBe(true),
    );
    const status = await first.browser.request('/api/account/two-factor');
    expect(await status.json()).toMatchObject({ data: { recoveryCodesLeft: 9 } });
  });

  it('ends the challenge after five wrong codes, and when it is five minutes old', async () => {
    const { user, key } = await enrolled();
    nextStep();
    const { browser } = await passwordStep(user);
    const wrong = codeNow(key) === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i++)
      expect(await (await codeStep(browser, wrong)).json()).toEqual(signInUrl('TotpInvalid'));
    expect(await (await codeStep(browser, wrong)).json()).toEqual(signInUrl('TotpChallengeExpired'));
    expect(await (await codeStep(browser, codeNow(key))).json()).toEqual(signInUrl('TotpChallengeExpired'));

    const late = await passwordStep(user);
    await t.db.update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await (await codeStep(late.browser, codeNow(key))).json()).toEqual(signInUrl('TotpChallengeExpired'));
    expect(await late.browser.session()).toEqual({});
  });

  it('refuses the code step without a password step', async () => {
    const browser = new TestBrowser(t);
    const res = await codeStep(browser, '123456');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(signInUrl('TotpChallengeExpired'));
  });

  it('limits codes to ten per account in 15 minutes', async () => {
    const { user, key } = await enrolled();
    nextStep();
    const wrong = codeNow(key) === '333333' ? '444444' : '333333';
    let last: Response | undefined;
    for (let round = 0; round < 3; round++) {
      const { browser } = await passwordStep(user);
      for (let i = 0; i < 4; i++) last = await codeStep(browser, wrong);
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('changing it later', () => {
  it('replaces the recovery codes (the old ones stop working) and turns off with a recent sign-in', async () => {
    const { user, browser, codes } = await enrolled();
    const replaced = await browser.postJson('/api/account/two-factor/recovery-codes', {});
    expect(replaced.status).toBe(200);
    const fresh = ((await replaced.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes;
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    const old = await passwordStep(user);
    expect((await codeStep(old.browser, codes[0] ?? '')).status).toBe(401);

    const off = await browser.postJson('/api/account/two-factor/disable', {});
    expect(off.status).toBe(204);
    expect(await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id))).toEqual([]);
    expect((await passwordStep(user)).res.status).toBe(200);
    await vi.waitFor(() =>
      expect(smtp.messages.some((m) => m.to === user.email && m.subject === 'Tvåstegsverifiering är avstängd')).toBe(
        true,
      ),
    );
  });

  it('lets a code from the app confirm a sensitive action instead of the password', async () => {
    const { browser, key } = await enrolled();
    nextStep();
    const res = await browser.postJson('/api/auth/reauthenticate', { code: codeNow(key) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'reauthenticated', until: expect.any(String) });
    const wrong = await browser.postJson('/api/auth/reauthenticate', { code: codeNow(key) });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual(
      errorBody(wrong, 'validation_failed', 'The code is wrong or has expired', { code: ['wrong_code'] }),
    );
  });
});

describe('admins must have it', () => {
  it('refuses every admin action until two-factor is on; the account pages stay open', async () => {
    const admin = await createUser(t.db, { role: 'admin', password: PASSWORD, twoFactor: false });
    const browser = new TestBrowser(t);
    await browser.signIn(admin.email, PASSWORD);
    for (const path of ['/api/admin/users', '/api/admin/withdrawals', '/api/messages/unread']) {
      const res = await browser.request(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual(
        errorBody(res, 'two_factor_required', 'Turn on two-factor sign-in under Manage account first'),
      );
    }
    expect((await browser.request('/api/account/two-factor')).status).toBe(200);
    expect((await browser.request(`/api/user/get/${admin.id}`)).status).toBe(200);

    const setup = (await (await browser.postJson('/api/account/two-factor/setup', {})).json()) as {
      data: { secret: string };
    };
    const key = decodeBase32IgnorePadding(setup.data.secret);
    expect((await browser.postJson('/api/account/two-factor/confirm', { code: codeNow(key) })).status).toBe(200);
    expect((await browser.request('/api/admin/users')).status).toBe(200);

    const off = await browser.postJson('/api/account/two-factor/disable', {});
    expect(off.status).toBe(403);
    expect(await off.json()).toEqual(errorBody(off, 'two_factor_required', 'Admins keep two-factor sign-in on'));
  });
});
