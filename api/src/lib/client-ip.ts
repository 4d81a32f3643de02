import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The caller's IP for rate limits. `X-Forwarded-For` is trusted only with TRUST_PROXY=true (behind
 * a load balancer that sets it); otherwise anyone could pick their own key.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.env.TRUST_PROXY) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}
