import { expect, test } from '../fixtures/test.ts';
import { googleStandIn } from '../support/server-env.ts';
import { CLIENT_PATH } from './nextauth-client/bundle.ts';

/**
 * Issue 19: NextAuth's own client, `next-auth/react` (the version pinned in tests/package.json),
 * against `/api/auth`. A small page (nextauth-client/app.tsx) mounts its SessionProvider and is
 * served on the server's own origin by `page.route`, so its requests to /api/auth reach the real
 * server with real cookies and same-origin rules, whichever instance answers (E2E_INSTANCES=2).
 */

import {
  BRAND,
  expectLogged,
  GOOGLE_USER,
  LOGGED_401,
  openClient,
  serverSession,
  sessionStatus,
} from './nextauth-client/page.ts';

test.describe('next-auth/react against /api/auth', () => {
  test('getProviders lists the providers with absolute URLs; getCsrfToken gives the double-submit token', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    await openClient(page, origin);
    expect(await page.evaluate(() => window.nextAuth.getProviders())).toEqual({
      credentials: {
        id: 'credentials',
        name: 'E-mail',
        type: 'credentials',
        signinUrl: `${origin}/api/auth/signin/credentials`,
        callbackUrl: `${origin}/api/auth/callback/credentials`,
      },
      totp: {
        id: 'totp',
        name: 'Authenticator app',
        type: 'credentials',
        signinUrl: `${origin}/api/auth/signin/totp`,
        callbackUrl: `${origin}/api/auth/callback/totp`,
      },
      passkey: {
        id: 'passkey',
        name: 'Passkey',
        type: 'credentials',
        signinUrl: `${origin}/api/auth/signin/passkey`,
        callbackUrl: `${origin}/api/auth/callback/passkey`,
      },
      google: {
        id: 'google',
        name: 'Google',
        type: 'oauth',
        signinUrl: `${origin}/api/auth/signin/google`,
        callbackUrl: `${origin}/api/auth/callback/google`,
      },
    });

    const token = await page.evaluate(() => window.nextAuth.getCsrfToken());
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const cookies = await page.context().cookies(`${origin}/api/auth/csrf`);
    expect(
      cookies
        .filter((cookie) => cookie.name === 'kollab_csrf')
        .map(({ value, path, httpOnly }) => ({ value, path, httpOnly })),
    ).toEqual([{ value: token, path: '/api/auth', httpOnly: true }]);
    // The same token until the cookie goes: every form post of this browser can use it.
    expect(await page.evaluate(() => window.nextAuth.getCsrfToken())).toBe(token);
  });

  test('signIn without redirect: a wrong password, then the right one; useSession goes loading → unauthenticated → authenticated → unauthenticated', async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    const origin = baseURL ?? '';
    await openClient(page, origin);
    await expect(sessionStatus(page)).toHaveText('unauthenticated');
    expect(await page.evaluate(() => window.nextAuth.getSession())).toBeNull();

    const wrong = await page.evaluate(
      (email) => window.nextAuth.signIn('credentials', { redirect: false, email, password: 'not-the-password' }),
      BRAND.email,
    );
    expect(wrong).toEqual({ error: 'CredentialsSignin', status: 401, ok: false, url: null });
    expect(await page.evaluate(() => window.nextAuth.getSession())).toBeNull();
    await expect(sessionStatus(page)).toHaveText('unauthenticated');
    expectLogged(pageErrors, LOGGED_401);

    const right = await page.evaluate(
      ({ email, password }) => window.nextAuth.signIn('credentials', { redirect: false, email, password }),
      BRAND,
    );
    // The callbackUrl defaults to this page, outside the portal, so the API answers the dashboard.
    expect(right).toEqual({ error: null, status: 200, ok: true, url: `${origin}/app/` });
    // The client learns of the session at once (the bug: it stayed unauthenticated).
    await expect(sessionStatus(page)).toHaveText('authenticated');
    const session = await page.evaluate(() => window.nextAuth.getSession());
    expect(session).toEqual({
      user: {
        id: expect.stringMatching(/^[a-z2-7]{24}$/),
        name: 'Bo Brand',
        email: BRAND.email,
        image: null,
        role: 'brand',
        emailVerified: true,
        locale: 'sv',
        twoFactor: false,
      },
      expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await serverSession(page)).toEqual(session);
    await expect(page.getByTestId('session')).toHaveText(JSON.stringify(session));

    const signedOut = await page.evaluate(() => window.nextAuth.signOut({ redirect: false }));
    expect(signedOut).toEqual({ url: `${origin}/app/login` });
    await expect(sessionStatus(page)).toHaveText('unauthenticated');
    expect(await page.evaluate(() => window.nextAuth.getSession())).toBeNull();
    expect(await serverSession(page)).toEqual({});
    expect(await page.evaluate(() => window.nextAuth.statuses)).toEqual([
      'loading',
      'unauthenticated',
      'authenticated',
      'unauthenticated',
    ]);
  });

  test('signIn and signOut with their default redirect take the browser to the absolute URLs', async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    const origin = baseURL ?? '';
    await openClient(page, origin);
    // Not awaited: the client sets location.href, and the page goes away with its promise.
    await page.evaluate(({ email }) => {
      void window.nextAuth.signIn('credentials', { email, password: 'not-the-password', callbackUrl: '/app/account' });
    }, BRAND);
    await page.waitForURL(`${origin}/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2Faccount`);
    await expect(page.getByRole('alert')).toHaveText(
      'Fel e-postadress eller lösenord. Kontrollera uppgifterna och försök igen.',
    );
    expectLogged(pageErrors, LOGGED_401);

    await page.goto(CLIENT_PATH);
    await expect(sessionStatus(page)).toHaveText('unauthenticated');
    await page.evaluate(({ email, password }) => {
      void window.nextAuth.signIn('credentials', { email, password, callbackUrl: '/app/account' });
    }, BRAND);
    await page.waitForURL(`${origin}/app/account`);
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();

    await page.goto(CLIENT_PATH);
    await expect(sessionStatus(page)).toHaveText('authenticated');
    await page.evaluate(() => {
      void window.nextAuth.signOut();
    });
    await page.waitForURL(`${origin}/app/login`);
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab', level: 1 })).toBeVisible();
    expect(await serverSession(page)).toEqual({});
  });

  test('update() posts the new data to POST /session and useSession shows the answer', async ({
    page,
    baseURL,
    playwright,
  }) => {
    const origin = baseURL ?? '';
    // A fresh account: the demo accounts' stored language is shared with every other spec.
    const email = `nextauth-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const password = 'ett långt lösenord 2026';
    const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    const signUp = await api.post('/api/auth/signup', {
      data: { fullName: 'Nora Next', email, password, role: 'creator', acceptPrivacy: true, locale: 'sv' },
    });
    expect(signUp.status()).toBe(202);
    await api.dispose();

    await openClient(page, origin);
    expect(
      await page.evaluate((credentials) => window.nextAuth.signIn('credentials', { redirect: false, ...credentials }), {
        email,
        password,
      }),
    ).toEqual({ error: null, status: 200, ok: true, url: `${origin}/app/` });
    await expect(sessionStatus(page)).toHaveText('authenticated');

    const posted = page.waitForResponse(
      (response) => response.url() === `${origin}/api/auth/session` && response.request().method() === 'POST',
    );
    const updated = await page.evaluate(() => window.nextAuth.update({ locale: 'en' }));
    const response = await posted;
    const csrfToken = await page.evaluate(() => window.nextAuth.getCsrfToken());
    expect(response.request().postDataJSON()).toEqual({ csrfToken, data: { locale: 'en' } });
    expect(response.status()).toBe(200);
    const expected = {
      user: {
        id: expect.stringMatching(/^[a-z2-7]{24}$/),
        name: 'Nora Next',
        email,
        image: null,
        role: 'creator',
        emailVerified: false,
        locale: 'en',
        twoFactor: false,
      },
      expires: expect.any(String),
    };
    expect(updated).toEqual(expected);
    expect(await response.json()).toEqual(updated);
    await expect(page.getByTestId('session')).toHaveText(JSON.stringify(updated));
    expect(await page.evaluate(() => window.nextAuth.getSession())).toEqual(expected);
    expect(await page.evaluate(() => window.nextAuth.statuses)).toEqual([
      'loading',
      'unauthenticated',
      'authenticated',
      'loading',
      'authenticated',
    ]);
  });

  test('a failed session fetch is logged through POST /_log (CLIENT_FETCH_ERROR)', async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    const origin = baseURL ?? '';
    // The network drops the provider's first session fetch; the client logs it to the server.
    await page.route(`${origin}/api/auth/session`, (route) => route.abort('failed'), { times: 1 });
    const logged = page.waitForRequest((request) => request.url() === `${origin}/api/auth/_log`);
    await openClient(page, origin);
    const request = await logged;
    expect(request.method()).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ''))).toEqual({
      level: 'error',
      code: 'CLIENT_FETCH_ERROR',
      error: '[object Object]',
      url: '/api/auth/session',
      message: 'Failed to fetch',
      client: 'true',
    });
    const answer = await request.response();
    expect(answer?.status()).toBe(204);
    expect(await answer?.text()).toBe('');
    // A failed first fetch counts as no session.
    await expect(sessionStatus(page)).toHaveText('unauthenticated');
    expectLogged(pageErrors, 'console: Failed to load resource: net::ERR_FAILED');
    const clientError = pageErrors.findIndex((error) =>
      error.startsWith(
        'console: [next-auth][error][CLIENT_FETCH_ERROR] \nhttps://next-auth.js.org/errors#client_fetch_error Failed to fetch',
      ),
    );
    expect(clientError, pageErrors.join('\n')).toBeGreaterThanOrEqual(0);
    pageErrors.splice(clientError, 1);
  });

  test('useSession({ required: true }) calls onUnauthenticated, or sends the browser to the sign-in page', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    await openClient(page, origin, '?required=callback');
    await expect.poll(() => page.evaluate(() => window.nextAuth.unauthenticatedCalls)).toBe(1);
    // While the session is required and missing, the hook reports loading, never unauthenticated.
    await expect(sessionStatus(page)).toHaveText('loading');
    expect(await page.evaluate(() => window.nextAuth.statuses)).toEqual(['loading']);
    expect(page.url()).toBe(`${origin}${CLIENT_PATH}?required=callback`);

    const redirected = page.waitForResponse((response) => response.url().startsWith(`${origin}/api/auth/signin?`));
    await page.goto(`${CLIENT_PATH}?required=redirect`);
    const signin = await redirected;
    const query = new URL(signin.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      error: 'SessionRequired',
      callbackUrl: `${origin}${CLIENT_PATH}?required=redirect`,
    });
    // That callbackUrl is outside the portal, so the sign-in page continues to the dashboard.
    expect(signin.status()).toBe(302);
    expect(signin.headers().location).toBe(`${origin}/app/login?error=SessionRequired&callbackUrl=%2Fapp%2F`);
    await page.waitForURL(`${origin}/app/login?error=SessionRequired&callbackUrl=%2Fapp%2F`);
    await expect(page.getByRole('alert')).toHaveText('Logga in för att fortsätta till sidan.');

    // Signed in, the required session is simply there.
    await page.goto(CLIENT_PATH);
    expect(
      await page.evaluate(
        ({ email, password }) => window.nextAuth.signIn('credentials', { redirect: false, email, password }),
        BRAND,
      ),
    ).toEqual({ error: null, status: 200, ok: true, url: `${origin}/app/` });
    await page.goto(`${CLIENT_PATH}?required=redirect`);
    await expect(sessionStatus(page)).toHaveText('authenticated');
    expect(await page.evaluate(() => window.nextAuth.statuses)).toEqual(['loading', 'authenticated']);
    expect(page.url()).toBe(`${origin}${CLIENT_PATH}?required=redirect`);
  });

  test("signIn('google') goes through the Google stand-in and back with a session", async ({ page, baseURL }) => {
    const origin = baseURL ?? '';
    const google = googleStandIn();
    await openClient(page, origin);
    const started = page.waitForResponse(`${origin}/api/auth/signin/google`);
    const authorize = page.waitForRequest((request) => request.url().startsWith(`${google.url}/authorize?`));
    const callback = page.waitForResponse((response) =>
      response.url().startsWith(`${origin}/api/auth/callback/google?`),
    );
    await page.evaluate(() => {
      void window.nextAuth.signIn('google', { callbackUrl: '/app/', role: 'creator' });
    });
    // The answer's url is the stand-in's authorization URL; the client goes there (its body is gone
    // with the page by then, so the request the browser made shows it).
    expect((await started).status()).toBe(200);
    const query = Object.fromEntries(new URL((await authorize).url()).searchParams);
    expect(query).toEqual({
      response_type: 'code',
      client_id: google.settings.GOOGLE_CLIENT_ID,
      redirect_uri: `${origin}/api/auth/callback/google`,
      state: expect.stringMatching(/.{16,}/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    const back = await callback;
    expect(back.status()).toBe(302);
    expect(back.headers().location).toBe(`${origin}/app/`);
    await page.waitForURL(`${origin}/app/`);
    await expect(page.getByRole('heading', { name: 'Hej Olle!', level: 1 })).toBeVisible();

    await page.goto(CLIENT_PATH);
    await expect(sessionStatus(page)).toHaveText('authenticated');
    expect(await page.evaluate(() => window.nextAuth.getSession())).toEqual({
      user: {
        id: expect.stringMatching(/^[a-z2-7]{24}$/),
        name: GOOGLE_USER.name,
        email: GOOGLE_USER.email,
        image: null,
        role: 'creator',
        emailVerified: true,
        locale: 'sv',
        twoFactor: false,
      },
      expires: expect.any(String),
    });
  });
});
