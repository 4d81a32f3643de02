import type { Env } from '../env.ts';
import { API_POLICY, CSP_REPORT_GROUP, CSP_REPORT_PATH } from './content-security-policy.ts';

/** Browser features none of the surfaces uses; a script that got in could not reach them either. */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];

/** Half a year; only sent when the public address is https (production requires it). */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The security headers every response carries, whatever its surface (ADR 019), besides its
 * Content-Security-Policy. `frame-ancestors 'none'` and `X-Frame-Options: DENY` say the same to new
 * and old browsers.
 */
export function commonSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Readonly<Record<string, string>> {
  return Object.freeze({
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    ...(env.PUBLIC_URL.startsWith('https://') ? { 'Strict-Transport-Security': HSTS } : {}),
  });
}

const apiHeadersByEnv = new WeakMap<object, Readonly<Record<string, string>>>();

/** Every security header of an API answer, its policy included, made once per configuration. */
export function apiSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Readonly<Record<string, string>> {
  let headers = apiHeadersByEnv.get(env);
  if (!headers) {
    headers = Object.freeze({ ...commonSecurityHeaders(env), 'Content-Security-Policy': API_POLICY });
    apiHeadersByEnv.set(env, headers);
  }
  return headers;
}

/**
 * Responses whose headers are complete when the handler returns them (`sendPreparedJson`): the
 * middleware that adds security headers or compresses leaves them alone, so their headers reach
 * Node as one plain object instead of a fetch `Headers` rebuilt and re-validated several times.
 * Marked with a property of their own rather than kept in a WeakSet: every young entry of a weak
 * collection is extra work for each young-generation collection (issue 21).
 */
const COMPLETE = Symbol('complete');

export function markComplete(response: Response): Response {
  (response as Response & { [COMPLETE]?: true })[COMPLETE] = true;
  return response;
}

export function isComplete(response: Response): boolean {
  return (response as Response & { [COMPLETE]?: true })[COMPLETE] === true;
}
