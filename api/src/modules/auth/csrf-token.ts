import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../lib/errors.ts';
import { generateToken } from '../../lib/tokens.ts';
import { isSecure } from './session.ts';

const CSRF_COOKIE = 'kollab_csrf';

/**
 * Double-submit token for the auth form posts (the spec's `csrfToken` field): `GET /csrf` puts a
 * random token in an HttpOnly cookie and the body; a form post must send the same value back. A
 * cross-site page can make the browser send the cookie but cannot read the token to put in the form.
 */
export function issueCsrfToken(c: Context): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && /^[a-z2-7]{32}$/.test(existing)) return existing;
  const token = generateToken();
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/api/auth',
  });
  return token;
}

/** @throws forbidden when the posted token does not match the cookie. */
export function assertCsrfToken(c: Context, posted: string | undefined): void {
  const expected = getCookie(c, CSRF_COOKIE);
  const encoder = new TextEncoder();
  if (
    !expected ||
    !posted ||
    posted.length !== expected.length ||
    !constantTimeEqual(encoder.encode(posted), encoder.encode(expected))
  ) {
    throw new AppError('forbidden', 'Missing or wrong csrfToken');
  }
}
