import { auditLog, passkeys, type User } from '@kollab/db/schema';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { SoftwareAuthenticator } from '../../../test/support/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { totpCode, totpStep } from './totp.ts';

let t: TestApp;
const PASSWORD = 'nyckel-och-lås-2026';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});
type Options = { data: { challenge: string; allowCredentials?: { id: string }[]; rp?: { id: string } } | null };

/** A user signed in just now with two-factor (the app) on. */
async function withTwoFactor() {
  const user = await createUser(t.db, { password: PASSWORD });
  const browser = new TestBrowser(t);
  await browser.signIn(user.email, PASSWORD);
  const setup = (await (await browser.postJson('/api/account/two-factor/setup', {})).json()) as {
    data: { secret: string };
  };
  const key = decodeBase32IgnorePadding(setup.data.secret);
  expect((await browser.postJson('/api/account/two-factor/confirm', { code: totpCode(key, totpStep()) })).status).toBe(
    200,
  );
  return { user, browser };
}

/** Registers a new software passkey for the browser's user and returns it. */
async function addPasskey(browser: TestBrowser, name = 'Min telefon') {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = (await (await browser.postJson('/api/account/passkeys/options', {})).json()) as Options;
  const res = await browser.postJson('/api/account/passkeys', {
    name,
    response: authenticator.register(options.data ?? { challenge: '' }),
  });
  expect(res.status).toBe(201);
  return authenticator;
}

/** The password step in a fresh browser, then the passkey options of its challenge. */
async function passwordThenOptions(user: User) {
  const browser = new TestBrowser(t);
  expect((await browser.signIn(user.email, PASSWORD)).status).toBe(200);
  const options = (await (await browser.postJson('/api/auth/passkey/options', {})).json()) as Options;
  return { browser, options };
}
const passkeyStep = (browser: TestBrowser, response: unknown) =>
  browser.postForm('/api/auth/callback/passkey', { response: JSON.stringify(response), callbackUrl: '/app/' });

describe('adding passkeys', () => {
  it('registers a passkey with a verified "none" attestation for this origin, and lists it', async () => {
    const { user, browser } = await withTwoFactor();
    const options = (await (await browser.postJson('/api/account/passkeys/options', {})).json()) as Options;
    expect(options.data?.rp?.id).toBe('localhost');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const res = await browser.postJson('/api/account/passkeys', {
      name: ' Min telefon ',
      response: authenticator.register(options.data ?? { challenge: '' }),
    });
    expect(res.status).toBe(201);
    const added = { id: authenticator.id, name: 'Min telefon', createdAt: expect.any(String), lastUsedAt: null };
    expect(await res.json()).toEqual({ data: added });
    expect(await (await browser.request('/api/account/passkeys')).json()).toEqual({ data: [added] });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'two_factor.passkey_added')));
    expect(audit).toHaveLength(1);
  });

  it('is only for accounts with two-factor on', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    const res = await browser.postJson('/api/account/passkeys/options', {});
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(errorBody(res, 'conflict', 'Turn on two-factor sign-in with an app first'));
  });

  it('refuses an answer made for another site, keeps nothing, and uses the challenge up', async () => {
    const { user, browser } = await withTwoFactor();
    const options = (await (await browser.postJson('/api/account/passkeys/options', {})).json()) as Options;
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const phished = authenticator.register(options.data ?? { challenge: '' }, 'https://kollab-login.example');
    const res = await browser.postJson('/api/account/passkeys', { name: 'Nyckel', response: phished });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'The passkey could not be verified', { response: ['invalid_passkey'] }),
    );
    const again = await browser.postJson('/api/account/passkeys', {
      name: 'Nyckel',
      response: authenticator.register(options.data ?? { challenge: '' }),
    });
    expect(again.status).toBe(409);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it("answers the password step's challenge with the passkey and starts the session", async () => {
    const { user, browser: setup } = await withTwoFactor();
    const authenticator = await addPasskey(setup);
    const { browser, options } = await passwordThenOptions(user);
    expect(options.data?.allowCredentials?.map((credential) => credential.id)).toEqual([authenticator.id]);
    expect(await browser.session()).toEqual({});
    const res = await passkeyStep(browser, authenticator.authenticate(options.data ?? { challenge: '' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${ORIGIN}/app/` });
    expect(await browser.session()).toMatchObject({ user: { id: user.id } });
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.id, authenticator.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, a cloned key (counter gone back) and an assertion without a password step', async () => {
    const { user, browser: setup } = await withTwoFactor();
    const authenticator = await addPasskey(setup);
    const first = await passwordThenOptions(user);
    const used = authenticator.authenticate(first.options.data ?? { challenge: '' });
    expect((await passkeyStep(first.browser, used)).status).toBe(200);

    // The same signed answer for a new sign-in: the challenge differs.
    const second = await passwordThenOptions(user);
    const replayed = await passkeyStep(second.browser, used);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ url: `${ORIGIN}/app/login?error=TotpInvalid&callbackUrl=%2Fapp%2F` });
    // A copy of the key whose counter is behind the stored one.
    authenticator.setCounter(0);
    expect(
      (await passkeyStep(second.browser, authenticator.authenticate(second.options.data ?? { challenge: '' }))).status,
    ).toBe(401);
    expect(await second.browser.session()).toEqual({});

    const stranger = new TestBrowser(t);
    const res = await passkeyStep(stranger, authenticator.authenticate({ challenge: 'x' }));
    expect(await res.json()).toEqual({
      url: `${ORIGIN}/app/login?error=TotpChallengeExpired&callbackUrl=%2Fapp%2F`,
    });
  });

  it('offers no passkey where there is none (data null), so the code step shows only the code', async () => {
    const { user } = await withTwoFactor();
    const { options } = await passwordThenOptions(user);
    expect(options).toEqual({ data: null });
    const stranger = new TestBrowser(t);
    expect(await (await stranger.postJson('/api/auth/passkey/options', {})).json()).toEqual({ data: null });
  });
});

describe('removing passkeys', () => {
  it("removes one's own passkey, not another account's, and all of them when two-factor goes off", async () => {
    const owner = await withTwoFactor();
    const key = await addPasskey(owner.browser);
    await addPasskey(owner.browser, 'Nyckelring');
    const other = await withTwoFactor();
    const foreign = await other.browser.request(`/api/account/passkeys/${key.id}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(errorBody(foreign, 'not_found', 'No such passkey'));
    expect((await owner.browser.request(`/api/account/passkeys/${key.id}`, { method: 'DELETE' })).status).toBe(204);
    const left = (await (await owner.browser.request('/api/account/passkeys')).json()) as { data: { name: string }[] };
    expect(left.data.map((row) => row.name)).toEqual(['Nyckelring']);

    expect((await owner.browser.postJson('/api/account/two-factor/disable', {})).status).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, owner.user.id))).toEqual([]);
  });
});
