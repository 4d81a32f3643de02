import { oauthAccounts, users } from '@kollab/db/schema';
import { type GoogleStandIn, startGoogleStandIn } from '@kollab/stand-ins/google';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { totpCode, totpStep } from './totp.ts';

let t: TestApp;
let oauth: GoogleStandIn;
/** The test app's PUBLIC_URL: the callback's redirects are absolute on it (ADR 018). */
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  oauth = await startGoogleStandIn();
  t = await createTestApp({ settings: oauth.settings });
});
afterAll(async () => {
  await t.close();
  await oauth.close();
});

/** Runs the browser side of the flow: start, follow the provider's redirect, hit our callback. */
async function signInWithGoogle(browser: TestBrowser, fields: Record<string, string> = {}): Promise<Response> {
  const start = await browser.postForm('/api/auth/signin/google', { callbackUrl: '/app/', ...fields });
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${oauth.url}/authorize?`)).toBe(true);
  const authorize = await fetch(url, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/api/auth/callback/google');
  return browser.request(`${callback.pathname}${callback.search}`);
}

describe('Google sign-in', () => {
  it('is listed as an oauth provider when configured, with absolute URLs', async () => {
    const res = await t.app.request('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      credentials: {
        id: 'credentials',
        name: 'E-mail',
        type: 'credentials',
        signinUrl: `${PUBLIC}/api/auth/signin/credentials`,
        callbackUrl: `${PUBLIC}/api/auth/callback/credentials`,
      },
      totp: {
        id: 'totp',
        name: 'Authenticator app',
        type: 'credentials',
        signinUrl: `${PUBLIC}/api/auth/signin/totp`,
        callbackUrl: `${PUBLIC}/api/auth/callback/totp`,
      },
      google: {
        id: 'google',
        name: 'Google',
        type: 'oauth',
        signinUrl: `${PUBLIC}/api/auth/signin/google`,
        callbackUrl: `${PUBLIC}/api/auth/callback/google`,
      },
    });
  });

  it('asks for the code with PKCE S256, state and the OpenID scopes', async () => {
    const browser = new TestBrowser(t);
    const res = await browser.postForm('/api/auth/signin/google', { callbackUrl: '/app/' });
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: oauth.clientId,
      redirect_uri: 'http://localhost:3000/api/auth/callback/google',
      state: expect.stringMatching(/.{16,}/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(browser.cookies.get('kollab_oauth')).toBeDefined();
  });

  it('creates a verified brand account for a new Google user and signs in', async () => {
    oauth.nextUser = { sub: 'g-new', email: 'New.Brand@example.se', email_verified: true, name: 'Nina Ny' };
    const browser = new TestBrowser(t);
    const res = await signInWithGoogle(browser, { role: 'brand', callbackUrl: '/app/account' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/account`);
    expect(await browser.session()).toMatchObject({
      user: { name: 'Nina Ny', email: 'New.Brand@example.se', role: 'brand', emailVerified: true },
    });
    const links = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, 'g-new'));
    expect(links).toHaveLength(1);
  });

  it('signs a returning Google user into the same account', async () => {
    oauth.nextUser = { sub: 'g-return', email: 'return@example.se', email_verified: true, name: 'Rut' };
    const first = new TestBrowser(t);
    await signInWithGoogle(first);
    const second = new TestBrowser(t);
    await signInWithGoogle(second);
    const a = (await first.session()) as { user: { id: string } };
    const b = (await second.session()) as { user: { id: string } };
    expect(b.user.id).toBe(a.user.id);
  });

  it('refuses to take over a password account with the same e-mail (AccountNotLinked)', async () => {
    const owner = await createUser(t.db, { email: 'owner@example.se', password: 'owners-long-pass-1' });
    oauth.nextUser = { sub: 'g-attacker', email: 'owner@example.se', email_verified: true, name: 'Mallory' };
    const browser = new TestBrowser(t);
    const res = await signInWithGoogle(browser);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/login?error=AccountNotLinked&callbackUrl=%2Fapp%2F`);
    expect(await browser.session()).toEqual({});
    expect(await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.id))).toEqual([]);
  });

  it('links Google to the account that is signed in with its password', async () => {
    const owner = await createUser(t.db, { email: 'linker@example.se', password: 'owners-long-pass-1' });
    oauth.nextUser = { sub: 'g-linker', email: 'linker@example.se', email_verified: true, name: 'Linnea' };
    const browser = new TestBrowser(t);
    await browser.signIn(owner.email, 'owners-long-pass-1');
    const res = await signInWithGoogle(browser);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/`);
    const links = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.id));
    expect(links.map((link) => link.providerUserId)).toEqual(['g-linker']);
    const fresh = new TestBrowser(t);
    await signInWithGoogle(fresh);
    expect(await fresh.session()).toMatchObject({ user: { id: owner.id } });
  });

  it('sends an account with two-factor on to the code step, and signs it in only with the code', async () => {
    oauth.nextUser = { sub: 'g-two-factor', email: 'tvasteg@example.se', email_verified: true, name: 'Tora' };
    const setupBrowser = new TestBrowser(t);
    await signInWithGoogle(setupBrowser);
    const setup = await setupBrowser.postJson('/api/account/two-factor/setup', {});
    const key = decodeBase32IgnorePadding(((await setup.json()) as { data: { secret: string } }).data.secret);
    const step = totpStep();
    const on = await setupBrowser.postJson('/api/account/two-factor/confirm', { code: totpCode(key, step) });
    expect(on.status).toBe(200);

    const browser = new TestBrowser(t);
    const res = await signInWithGoogle(browser, { callbackUrl: '/app/account' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/login?step=totp&callbackUrl=%2Fapp%2Faccount`);
    expect(await browser.session()).toEqual({});
    const done = await browser.postForm('/api/auth/callback/totp', { code: totpCode(key, step + 1) });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ url: `${PUBLIC}/app/account` });
    expect(await browser.session()).toMatchObject({ user: { email: 'tvasteg@example.se', twoFactor: true } });
  });

  it('rejects a callback whose state does not match (OAuthCallbackError)', async () => {
    const browser = new TestBrowser(t);
    const start = await browser.postForm('/api/auth/signin/google', { callbackUrl: '/app/' });
    const authorize = await fetch(((await start.json()) as { url: string }).url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    callback.searchParams.set('state', 'forged-state-value-1234');
    const res = await browser.request(`${callback.pathname}${callback.search}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/login?error=OAuthCallbackError`);
    expect(await browser.session()).toEqual({});
  });

  it('rejects a callback without the flow cookie (another browser)', async () => {
    const browser = new TestBrowser(t);
    const start = await browser.postForm('/api/auth/signin/google', { callbackUrl: '/app/' });
    const authorize = await fetch(((await start.json()) as { url: string }).url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const res = await new TestBrowser(t).request(`${callback.pathname}${callback.search}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/login?error=OAuthCallbackError`);
  });

  it('reports a provider that refuses the code as OAuthCallbackError', async () => {
    const browser = new TestBrowser(t);
    const start = await browser.postForm('/api/auth/signin/google', { callbackUrl: '/app/' });
    const { url } = (await start.json()) as { url: string };
    const state = new URL(url).searchParams.get('state') ?? '';
    const res = await browser.request(`/api/auth/callback/google?code=made-up&state=${state}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/login?error=OAuthCallbackError&callbackUrl=%2Fapp%2F`);
    const count = await t.db.select().from(users).where(eq(users.email, 'made-up@example.se'));
    expect(count).toEqual([]);
  });
});
