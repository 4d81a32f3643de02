import type { Context } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/errors.ts';

/**
 * What an admin without a second factor may still reach: signing in and out, their own account
 * (where two-factor is set up) and the public endpoints. Everything else answers `two_factor_required`.
 */
const OPEN_TO_ADMINS_WITHOUT_TWO_FACTOR = [
  /^\/api\/auth\//,
  /^\/api\/account\//,
  /^\/api\/user\//,
  /^\/api\/(health|csp-report|openapi\.json|docs)(\/|$)/,
];

/**
 * Admins can move money and change roles, so they act only with two-factor on (ADR 024). Checked
 * once here, after the session is read, so no admin route can forget it.
 */
export function checkAdminTwoFactor(c: Context<AppEnv>): void {
  const user = c.get('user');
  if (
    user?.role === 'admin' &&
    !user.twoFactorEnabledAt &&
    !OPEN_TO_ADMINS_WITHOUT_TWO_FACTOR.some((pattern) => pattern.test(c.req.path))
  ) {
    throw new AppError('two_factor_required', 'Turn on two-factor sign-in under Manage account first');
  }
}
