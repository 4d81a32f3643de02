import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';
import {
  API_POLICY,
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  PORTAL_POLICY,
  sitePolicy,
} from '../lib/content-security-policy.ts';

/** Browser features none of the surfaces uses; a script that got in could not reach them either. */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'displayCapture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
] as const;

/** Half a year, as before; only sent when the public address is https (production requires it). */
const HSTS = 'max-age=15552000; includeSubDomains';

/** The policy for a path when its handler set none: by surface (ADR 019). */
function policyFor(path: string): string {
  if (path === '/api' || path.startsWith('/api/')) return API_POLICY;
  if (path === '/app' || path.startsWith('/app/')) return PORTAL_POLICY;
  return sitePolicy();
}

/**
 * The security headers of every response. Handlers that serve a page with inline elements (site
 * pages, the API reference) set its Content-Security-Policy with their hashes; every other response
 * gets its surface's. `frame-ancestors 'none'` and `X-Frame-Options: DENY` say the same to new and
 * old browsers.
 */
export function securityHeaders(env: Pick<Env, 'PUBLIC_URL'>): MiddlewareHandler {
  const common = secureHeaders({
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://') ? HSTS : false,
    xFrameOptions: 'DENY',
    permissionsPolicy: Object.fromEntries(DENIED_FEATURES.map((feature) => [feature, []])),
    reportingEndpoints: [{ name: CSP_REPORT_GROUP, url: CSP_REPORT_PATH }],
  });
  return (c, next) =>
    common(c, async () => {
      await next();
      if (!c.res.headers.has('Content-Security-Policy')) {
        c.res.headers.set('Content-Security-Policy', policyFor(c.req.path));
      }
    });
}
