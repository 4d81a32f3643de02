import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestSignIn, signInResult } from './auth-client';

// The portal resolves URLs against the page's origin; the fast suite has no browser.
const ORIGIN = 'http://localhost:3000';
const original = globalThis.window;
beforeAll(() => {
  Object.assign(globalThis, { window: { location: { origin: ORIGIN, href: `${ORIGIN}/app/login` } } });
});
afterAll(() => {
  Object.assign(globalThis, { window: original });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PROVIDERS = {
  credentials: { id: 'credentials', name: 'E-mail', type: 'credentials' },
  google: { id: 'google', name: 'Google', type: 'oauth' },
};

/** A fetch that answers the auth routes as the API does: providers, csrf, then `answer` for the post. */
function stubAuthApi(answer: { status: number; body: unknown }): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${path}`);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/api/auth/providers') return json(200, PROVIDERS);
    if (path === '/api/auth/csrf') return json(200, { csrfToken: 'a'.repeat(32) });
    return json(answer.status, answer.body);
  });
  return calls;
}

describe('requestSignIn with credentials', () => {
  it('continues to the path of the absolute callback URL the API answers', async () => {
    const calls = stubAuthApi({ status: 200, body: { url: `${ORIGIN}/app/campaigns?tab=2` } });
    const result = await requestSignIn('credentials', {
      callbackUrl: '/app/campaigns?tab=2',
      fields: { email: 'bo@example.se', password: 'right' },
    });
    expect(result).toEqual({ ok: true, error: null, status: 200, url: '/app/campaigns?tab=2' });
    expect(calls).toEqual(['GET /api/auth/providers', 'GET /api/auth/csrf', 'POST /api/auth/callback/credentials']);
  });

  it('reports a refused sign-in (401 and the sign-in page) as NextAuth does, without throwing', async () => {
    stubAuthApi({ status: 401, body: { url: `${ORIGIN}/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2F` } });
    const result = await requestSignIn('credentials', { callbackUrl: '/app/', fields: { email: 'bo@example.se' } });
    expect(result).toEqual({ ok: false, error: 'CredentialsSignin', status: 401, url: null });
  });

  it('still throws the API error for other failures (a throttled address)', async () => {
    const envelope = { error: { code: 'rate_limited', message: 'Too many attempts', requestId: 'r-1' } };
    stubAuthApi({ status: 429, body: envelope });
    await expect(requestSignIn('credentials', { callbackUrl: '/app/' })).rejects.toEqual({
      statusCode: 429,
      code: 'rate_limited',
      requestId: 'r-1',
      message: 'errors.rate_limited',
    });
  });
});

describe('signInResult', () => {
  it.each([
    [200, `${ORIGIN}/app/`, { ok: true, error: null, status: 200, url: '/app/' }],
    [200, '/app/account', { ok: true, error: null, status: 200, url: '/app/account' }],
    // A callback URL on another origin never takes the portal away.
    [200, 'https://evil.example/app/', { ok: true, error: null, status: 200, url: '/app/' }],
    [
      401,
      `${ORIGIN}/app/login?error=CredentialsSignin`,
      { ok: false, error: 'CredentialsSignin', status: 401, url: null },
    ],
    [
      200,
      `${ORIGIN}/app/login?error=AccountNotLinked`,
      { ok: false, error: 'AccountNotLinked', status: 200, url: null },
    ],
  ])('reads %i %s', (status, url, expected) => {
    expect(signInResult(status, url)).toEqual(expected);
  });
});
