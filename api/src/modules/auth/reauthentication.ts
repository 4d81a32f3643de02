import type { User } from '@kollab/db/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { verifyPassword } from './password.ts';
import { markSessionAuthenticated } from './session.ts';
import { verifySecondFactor } from './two-factor.service.ts';

const MINUTE_MS = 60 * 1000;

/**
 * The signed-in user, if this session proved who they are within `REAUTH_WINDOW_MINUTES` (a
 * sign-in, or the password confirmed through `POST /api/auth/reauthenticate`). Guards what a stolen
 * session must not do alone: change the e-mail, add or switch payout methods, withdraw.
 * @throws unauthorized without a session; reauthentication_required when the sign-in is older
 */
export function requireRecentSignIn(c: Context<AppEnv>): User {
  const user = requireUser(c);
  if (!isRecentSignIn(c)) throw new AppError('reauthentication_required', 'Confirm your password to continue');
  return user;
}

/** Whether this session proved who its user is within `REAUTH_WINDOW_MINUTES`. */
export function isRecentSignIn(c: Context<AppEnv>): boolean {
  const session = c.get('session');
  const windowMs = c.get('env').REAUTH_WINDOW_MINUTES * MINUTE_MS;
  return !!session && Date.now() - session.authenticatedAt.getTime() <= windowMs;
}

/**
 * Confirms the password of the signed-in user, or with two-factor on a code from the app (the only
 * way for a Google-only account to do it without signing in again), and marks the session as just
 * authenticated; the answer says until when sensitive actions are open.
 * @throws validation_failed (password: wrong_password, or no_password for Google-only accounts
 *   without two-factor; code: wrong_code)
 */
export async function reauthenticate(
  c: Context<AppEnv>,
  proof: { password?: string; code?: string },
): Promise<{ until: string }> {
  const user = requireUser(c);
  const session = c.get('session');
  if (!session) throw new AppError('unauthorized', 'Sign in first');
  await enforceRateLimit(c.get('db'), `reauth:user:${user.id}`, { limit: 10, windowSeconds: 15 * 60 });
  if (proof.code && user.twoFactorEnabledAt) {
    if (!(await verifySecondFactor(c.var, user, proof.code))) {
      throw AppError.validation({ code: ['wrong_code'] }, 'The code is wrong or has expired');
    }
  } else if (!user.passwordHash) {
    throw AppError.validation({ password: ['no_password'] }, 'This account signs in with Google: sign in again');
  } else if (!(await verifyPassword(user.passwordHash, proof.password ?? ''))) {
    throw AppError.validation({ password: ['wrong_password'] }, 'The password is wrong');
  }
  const at = await markSessionAuthenticated(c.get('db'), session.id);
  return { until: new Date(at.getTime() + c.get('env').REAUTH_WINDOW_MINUTES * MINUTE_MS).toISOString() };
}
