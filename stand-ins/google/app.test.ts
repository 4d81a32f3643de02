import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGoogleOAuth } from './app.ts';
import { startGoogleStandIn } from './index.ts';

const verifier = 'a-code-verifier-long-enough-for-pkce-0123456789';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const redirectUri = 'http://localhost:3000/api/auth/callback/google';

/** Authorizes as the stand-in's next user and returns the code it redirected with. */
async function authorize(oauth: ReturnType<typeof createGoogleOAuth>): Promise<string> {
  const query = new URLSearchParams({
    client_id: oauth.clientId,
    response_type: 'code',
    code_challenge_method: 'S256',
    code_challenge: challenge,
    redirect_uri: redirectUri,
    state: 'st',
    scope: 'openid email profile',
  });
  const res = await oauth.app.request(`/authorize?${query}`);
  expect(res.status).toBe(302);
  const target = new URL(res.headers.get('location') ?? '');
  expect(target.searchParams.get('state')).toBe('st');
  return target.searchParams.get('code') ?? '';
}

function token(oauth: ReturnType<typeof createGoogleOAuth>, code: string, codeVerifier = verifier, secret?: string) {
  return oauth.app.request('/token', {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${oauth.clientId}:${secret ?? oauth.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
    }),
  });
}

describe('the Google OAuth stand-in', () => {
  it('grants a code, trades it once for a token with PKCE, and answers the user info', async () => {
    const oauth = createGoogleOAuth({ clientSecret: 'secret' });
    oauth.nextUser = { sub: 'g-1', email: 'anna@example.se', email_verified: true, name: 'Anna' };
    const code = await authorize(oauth);
    const res = await token(oauth, code);
    expect(res.status).toBe(200);
    const { access_token: accessToken } = (await res.json()) as { access_token: string };
    const info = await oauth.app.request('/userinfo', { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(await info.json()).toEqual(oauth.nextUser);
    expect((await token(oauth, code)).status).toBe(400);
  });

  it('refuses a wrong client secret, a wrong verifier and a bad authorization request', async () => {
    const oauth = createGoogleOAuth();
    expect((await token(oauth, await authorize(oauth), verifier, 'wrong')).status).toBe(401);
    expect(await (await token(oauth, await authorize(oauth), 'other-verifier')).json()).toEqual({
      error: 'invalid_grant',
    });
    expect((await oauth.app.request('/authorize?client_id=someone-else')).status).toBe(400);
    expect((await oauth.app.request('/userinfo', { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('runs on a loopback port with the settings that point the API at it', async () => {
    const standIn = await startGoogleStandIn();
    try {
      expect(new URL(standIn.url).hostname).toBe('127.0.0.1');
      expect(standIn.settings).toEqual({
        GOOGLE_CLIENT_ID: standIn.clientId,
        GOOGLE_CLIENT_SECRET: standIn.clientSecret,
        GOOGLE_AUTHORIZATION_URL: `${standIn.url}/authorize`,
        GOOGLE_TOKEN_URL: `${standIn.url}/token`,
        GOOGLE_USERINFO_URL: `${standIn.url}/userinfo`,
      });
      expect((await fetch(`${standIn.url}/userinfo`)).status).toBe(401);
    } finally {
      await standIn.close();
    }
  });
});
