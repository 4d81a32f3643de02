import type { Context } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import {
  deleteSessionCookie,
  readSessionCookie,
  sessionClient,
  setSessionCookie,
  validateSessionToken,
} from '../modules/auth/session.ts';
import { campaignAnswersOf } from '../modules/campaigns/campaign-answers.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session of the request's cookie, or null: drops a cookie that no longer holds a session and
 * re-sends one that was extended. For the API (below) and the portal's HTML (portal-html.ts).
 */
export async function readRequestSession(c: Context<AppEnv>) {
  const token = readSessionCookie(c);
  const validated = token
    ? await validateSessionToken(c.get('db'), token, () => sessionClient(c), c.get('sessionCache'))
    : null;
  if (token && !validated) deleteSessionCookie(c);
  if (token && validated?.refreshed) setSessionCookie(c, token, validated.session.expiresAt);
  return validated;
}

/**
 * Sets `c.get('user')` and `c.get('session')` from the cookie (or null), re-sending the cookie when
 * extended, then runs `next` (app.ts calls it in the API's one guard step).
 */
export async function withSession(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  const validated = await readRequestSession(c);
  const cache = c.get('sessionCache');
  c.set('user', validated?.user ?? null);
  c.set('session', validated?.session ?? null);
  await next();
  // A change the user just made to their own account is seen by their next request, here at once,
  // without waiting for PostgreSQL's announcement to come round (ADR 035).
  if (validated && !READS.has(c.req.method)) {
    cache.deleteGroup(validated.user.id);
    campaignAnswersOf(c.get('bus'), c.get('env').INSTANCE_CACHE_MS).forgetCreator(validated.user.id);
  }
}
