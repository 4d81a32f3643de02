import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { API_POLICY, PORTAL_POLICY, sitePolicy } from '../lib/content-security-policy.ts';
import { commonSecurityHeaders } from '../lib/response-headers.ts';

/** The policy for a path when its handler set none: by surface (ADR 019). */
function policyFor(path: string): string {
  if (path === '/api' || path.startsWith('/api/')) return API_POLICY;
  if (path === '/app' || path.startsWith('/app/')) return PORTAL_POLICY;
  return sitePolicy();
}

/**
 * The security headers of every response (lib/response-headers.ts), added once the handler has
 * answered (app.ts, its one response step). Handlers that serve a page with inline elements (site
 * pages, the API reference) set its Content-Security-Policy with their hashes; every other response
 * gets its surface's. A response sent complete (a prepared answer) carries them already and is not
 * passed here.
 */
export function addSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): (c: Context) => void {
  const common = Object.entries(commonSecurityHeaders(env));
  return (c) => {
    const headers = c.res.headers;
    for (const [name, value] of common) headers.set(name, value);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policyFor(c.req.path));
  };
}
