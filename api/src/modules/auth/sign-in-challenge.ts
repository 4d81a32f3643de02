import { type SignInChallenge, signInChallenges, type User, users } from '@kollab/db/schema';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/context.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { passkeyAssertionOptions, verifyPasskeyAssertion } from './passkeys.service.ts';
import { sendSecurityNotice } from './security-notices.ts';
import { createSession, isSecure, sessionClient, setSessionCookie } from './session.ts';
import { type SecondFactor, verifySecondFactor } from './two-factor.service.ts';

/*
 * Signing in with two-factor on takes two steps (ADR 024). The first (password, or Google) proves the
 * first factor and leaves a challenge: a random token in an HttpOnly cookie scoped to /api/auth, only
 * its SHA-256 in the database, good for five minutes and five codes. The second step
 * (`POST /api/auth/callback/totp`, NextAuth's credentials shape) answers it with a code.
 */

const CHALLENGE_COOKIE = 'kollab_2fa';
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_ATTEMPTS = 5;

/** Starts the second step for `user`, to continue at `callbackPath` (already checked to be safe). */
export async function startSignInChallenge(c: Context<AppEnv>, user: User, callbackPath: string): Promise<void> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await c
    .get('db')
    .insert(signInChallenges)
    .values({ tokenHash: hashToken(token), userId: user.id, callbackPath, expiresAt });
  setCookie(c, CHALLENGE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/api/auth',
    expires: expiresAt,
  });
}

export type ChallengeResult =
  | { ok: true; callbackPath: string; method: SecondFactor | 'passkey' }
  | { ok: false; error: 'TotpInvalid' | 'TotpChallengeExpired' | 'CredentialsSignin' };

function endChallenge(c: Context<AppEnv>, tokenHash: string): Promise<unknown> {
  deleteCookie(c, CHALLENGE_COOKIE, { path: '/api/auth', secure: isSecure(c) });
  return c.get('db').delete(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
}

/** This browser's open challenge and its user, or null (no cookie, unknown or expired). */
async function findChallenge(c: Context<AppEnv>): Promise<{ challenge: SignInChallenge; user: User } | null> {
  const token = getCookie(c, CHALLENGE_COOKIE);
  if (!token) return null;
  const [found] = await c
    .get('db')
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(eq(signInChallenges.tokenHash, hashToken(token)), gt(signInChallenges.expiresAt, sql`now()`)));
  return found ?? null;
}

/**
 * WebAuthn options for this browser's challenge when its account has passkeys (the challenge they
 * must sign is kept with it), or null: no challenge, or no passkey.
 */
export async function passkeyOptionsForChallenge(
  c: Context<AppEnv>,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const found = await findChallenge(c);
  if (!found) return null;
  const options = await passkeyAssertionOptions(c.var, found.user.id);
  if (!options) return null;
  await c
    .get('db')
    .update(signInChallenges)
    .set({ passkeyChallenge: options.challenge })
    .where(eq(signInChallenges.tokenHash, found.challenge.tokenHash));
  return options;
}

/** A second factor offered for a challenge: a code (app or recovery) or a passkey's assertion. */
export type ChallengeProof = { code: string } | { passkey: AuthenticationResponseJSON };

/**
 * Answers this browser's challenge. Right: the session starts (and a used recovery code is mailed
 * to the owner). Wrong: `TotpInvalid`, until the fifth wrong answer ends the challenge
 * (`TotpChallengeExpired`: sign in with the password again).
 * @throws rate_limited past 10 codes per account in 15 minutes
 */
export async function completeSignInChallenge(c: Context<AppEnv>, proof: ChallengeProof): Promise<ChallengeResult> {
  const { db } = c.var;
  const found = await findChallenge(c);
  if (!found) {
    deleteCookie(c, CHALLENGE_COOKIE, { path: '/api/auth', secure: isSecure(c) });
    return { ok: false, error: 'TotpChallengeExpired' };
  }
  const { challenge, user } = found;
  const tokenHash = challenge.tokenHash;
  if (user.suspendedAt || !user.twoFactorEnabledAt) {
    await endChallenge(c, tokenHash);
    return { ok: false, error: 'CredentialsSignin' };
  }
  const method =
    'code' in proof
      ? await verifySecondFactor(c.var, user, proof.code)
      : challenge.passkeyChallenge &&
          (await verifyPasskeyAssertion(c.var, user.id, challenge.passkeyChallenge, proof.passkey))
        ? ('passkey' as const)
        : null;
  if (!method) {
    const [counted] = await db
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(eq(signInChallenges.tokenHash, tokenHash))
      .returning({ attempts: signInChallenges.attempts });
    if ((counted?.attempts ?? CHALLENGE_ATTEMPTS) < CHALLENGE_ATTEMPTS) return { ok: false, error: 'TotpInvalid' };
    await endChallenge(c, tokenHash);
    return { ok: false, error: 'TotpChallengeExpired' };
  }
  await endChallenge(c, tokenHash);
  const { token: sessionToken, session } = await createSession(db, user.id, sessionClient(c));
  setSessionCookie(c, sessionToken, session.expiresAt);
  if (method === 'recovery_code') {
    c.get('afterResponse').run(c, 'recovery code notice', () =>
      sendSecurityNotice(c.var, user, { kind: 'recoveryCodeUsed' }),
    );
  }
  return { ok: true, callbackPath: challenge.callbackPath, method };
}
