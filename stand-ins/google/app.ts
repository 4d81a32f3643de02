/**
 * The Google OAuth stand-in: a small OAuth 2.0 / OIDC provider speaking the real protocol over HTTP
 * (authorization code with PKCE S256, client authentication with HTTP Basic, bearer-token user
 * info). Authorization is granted at once, as if the user clicked "Allow", for `nextUser`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';

export interface OAuthUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleOAuthOptions {
  clientId?: string;
  /** Default: random per app. */
  clientSecret?: string;
}

/** The app and the state a test steers it by. */
export interface GoogleOAuth {
  app: Hono;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization "signs in" as. */
  nextUser: OAuthUser;
}

export const DEFAULT_CLIENT_ID = 'kollab-test-client';

export function createGoogleOAuth(options: GoogleOAuthOptions = {}): GoogleOAuth {
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? randomBytes(12).toString('hex');
  const codes = new Map<string, { challenge: string; redirectUri: string; user: OAuthUser }>();
  const tokens = new Map<string, OAuthUser>();
  const state: GoogleOAuth = {
    app: new Hono(),
    clientId,
    clientSecret,
    nextUser: { sub: 'google-1', email: 'oauth@example.se', email_verified: true, name: 'Olle OAuth' },
  };

  state.app
    .get('/authorize', (c) => {
      const q = c.req.query();
      if (q.client_id !== clientId || q.response_type !== 'code' || q.code_challenge_method !== 'S256') {
        return c.text('bad authorization request', 400);
      }
      if (!q.redirect_uri || !q.state || !q.code_challenge || !q.scope?.split(' ').includes('openid')) {
        return c.text('missing parameters', 400);
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: q.code_challenge, redirectUri: q.redirect_uri, user: state.nextUser });
      const target = new URL(q.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', q.state);
      return c.redirect(target.toString(), 302);
    })
    .post('/token', async (c) => {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (c.req.header('Authorization') !== expected) return c.json({ error: 'invalid_client' }, 401);
      const form = await c.req.parseBody();
      const grant = codes.get(String(form.code));
      codes.delete(String(form.code));
      const verifier = String(form.code_verifier ?? '');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        form.grant_type !== 'authorization_code' ||
        form.redirect_uri !== grant.redirectUri ||
        challenge !== grant.challenge
      ) {
        return c.json({ error: 'invalid_grant' }, 400);
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.user);
      return c.json({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid email profile',
      });
    })
    .get('/userinfo', (c) => {
      const user = tokens.get((c.req.header('Authorization') ?? '').replace(/^Bearer /, ''));
      return user ? c.json(user) : c.json({ error: 'invalid_token' }, 401);
    });
  return state;
}

/** The settings that point Kollab's Google sign-in at a stand-in listening at `url`. */
export function googleSettings(url: string, clientId: string, clientSecret: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
    GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
    GOOGLE_TOKEN_URL: `${url}/token`,
    GOOGLE_USERINFO_URL: `${url}/userinfo`,
  };
}
