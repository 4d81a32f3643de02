import { creatorProfiles, oauthAccounts, type User, users } from '@kollab/db/schema';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Env } from '../../env.ts';
import type { AppEnv } from '../../lib/context.ts';
import { safeCallbackPath, signInPagePath } from '../../lib/redirects.ts';
import { findUserByEmail } from './auth.service.ts';
import { createSession, isSecure, sessionClient, setSessionCookie } from './session.ts';
import { startSignInChallenge } from './sign-in-challenge.ts';

const FLOW_COOKIE = 'kollab_oauth';
const FLOW_LIFETIME_S = 10 * 60;

/** What the browser carries between the redirect to Google and the callback (HttpOnly cookie). */
const FlowSchema = z.object({
  state: z.string().min(16),
  codeVerifier: z.string().min(43),
  callbackUrl: z.string(),
  role: z.enum(['creator', 'brand']),
});

/** Google's OpenID Connect user info, parsed rather than trusted. */
const GoogleUserSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
});

export function isGoogleConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

function client(env: Env): OAuth2Client {
  return new OAuth2Client(
    env.GOOGLE_CLIENT_ID ?? '',
    env.GOOGLE_CLIENT_SECRET ?? '',
    `${env.PUBLIC_URL}/api/auth/callback/google`,
  );
}

/** The authorization URL (PKCE S256 + state); the verifier and state go in a short-lived cookie. */
export function googleAuthorizationUrl(
  c: Context<AppEnv>,
  flow: { callbackUrl: string; role: 'creator' | 'brand' },
): string {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(c.get('env')).createAuthorizationURLWithPKCE(
    c.get('env').GOOGLE_AUTHORIZATION_URL,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    ['openid', 'email', 'profile'],
  );
  setCookie(c, FLOW_COOKIE, JSON.stringify({ state, codeVerifier, ...flow }), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/api/auth',
    maxAge: FLOW_LIFETIME_S,
  });
  return url.toString();
}

function readFlow(c: Context<AppEnv>): z.infer<typeof FlowSchema> | null {
  const raw = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, { path: '/api/auth' });
  if (!raw) return null;
  try {
    return FlowSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

async function fetchGoogleUser(
  env: Env,
  code: string,
  codeVerifier: string,
): Promise<z.infer<typeof GoogleUserSchema>> {
  const tokens = await client(env).validateAuthorizationCode(env.GOOGLE_TOKEN_URL, code, codeVerifier);
  const response = await fetch(env.GOOGLE_USERINFO_URL, {
    headers: { Authorization: `Bearer ${tokens.accessToken()}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  return GoogleUserSchema.parse(await response.json());
}

/**
 * Finishes the OAuth flow and returns where to send the browser. An existing Google link signs in;
 * a signed-in user gets Google linked; an address that belongs to a password account is linked only
 * after signing in with the password (AccountNotLinked); otherwise a new account is created.
 */
export async function googleCallback(
  c: Context<AppEnv>,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const { db, env } = c.var;
  const flow = readFlow(c);
  if (!flow || !query.code || !query.state || query.state !== flow.state || query.error) {
    return signInPagePath({ error: 'OAuthCallbackError' });
  }
  let profile: z.infer<typeof GoogleUserSchema>;
  try {
    profile = await fetchGoogleUser(env, query.code, flow.codeVerifier);
  } catch (error) {
    c.get('logger').warn({ err: error }, 'google callback failed');
    return signInPagePath({ error: 'OAuthCallbackError', callbackUrl: flow.callbackUrl });
  }
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, 'google'), eq(oauthAccounts.providerUserId, profile.sub)));
  let user: User | undefined = linked?.user;
  const signedIn = c.get('user');
  if (!user && signedIn) {
    user = signedIn;
    await db.insert(oauthAccounts).values({ provider: 'google', providerUserId: profile.sub, userId: user.id });
  }
  if (!user) {
    const existing = await findUserByEmail(db, profile.email);
    if (existing) return signInPagePath({ error: 'AccountNotLinked', callbackUrl: flow.callbackUrl });
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: profile.email,
          role: flow.role,
          fullName: profile.name ?? profile.email.split('@')[0] ?? profile.email,
          emailVerifiedAt: profile.email_verified ? new Date() : null,
        })
        .returning();
      if (!created) throw new Error('user insert returned nothing');
      await tx.insert(oauthAccounts).values({ provider: 'google', providerUserId: profile.sub, userId: created.id });
      if (created.role === 'creator') await tx.insert(creatorProfiles).values({ userId: created.id });
      return created;
    });
  }
  if (user.suspendedAt) return signInPagePath({ error: 'CredentialsSignin' });
  const callbackPath = safeCallbackPath(flow.callbackUrl, env.PUBLIC_URL);
  if (user.twoFactorEnabledAt && c.get('user')?.id !== user.id) {
    await startSignInChallenge(c, user, callbackPath);
    return signInPagePath({ step: 'totp', callbackUrl: callbackPath });
  }
  const { token, session } = await createSession(db, user.id, sessionClient(c));
  setSessionCookie(c, token, session.expiresAt);
  return callbackPath;
}
