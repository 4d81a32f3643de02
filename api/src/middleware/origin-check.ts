import type { Context } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every cookie-authenticated mutation: a browser request that changes state must
 * come from our own origin. Browsers send `Origin` (and `Sec-Fetch-Site`) on every POST/PUT/PATCH/
 * DELETE; clients that send neither are not browsers and carry no victim's cookies. The auth form
 * posts additionally carry a double-submit token (modules/auth/csrf-token.ts).
 */
export function checkOrigin(c: Context<AppEnv>): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const fetchSite = c.req.header('Sec-Fetch-Site');
  const origin = c.req.header('Origin');
  const allowed = new Set([new URL(c.get('env').PUBLIC_URL).origin, new URL(c.req.url).origin]);
  const crossSite =
    (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') || (origin && !allowed.has(origin));
  if (crossSite) throw new AppError('forbidden', 'Cross-site request refused (CSRF check)');
}
