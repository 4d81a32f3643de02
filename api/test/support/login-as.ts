import type { Database } from '@kollab/db';
import type { User } from '@kollab/db/schema';
import { createSession, SESSION_COOKIE } from '../../src/modules/auth/session.ts';

/** Creates a session row directly and returns the Cookie header that carries it. */
export async function loginAs(db: Database, user: User): Promise<string> {
  const { token } = await createSession(db, user.id);
  return `${SESSION_COOKIE}=${token}`;
}

/** Headers for a same-origin JSON request from a signed-in browser. */
export function jsonHeaders(cookie?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Origin: 'http://localhost:3000',
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

/** The `name=value` pairs a response sets, keyed by cookie name (value '' when deleted). */
export function cookiesSetBy(res: Response): Record<string, { value: string; attributes: string }> {
  const cookies: Record<string, { value: string; attributes: string }> = {};
  for (const header of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';');
    const index = pair.indexOf('=');
    cookies[pair.slice(0, index).trim()] = {
      value: decodeURIComponent(pair.slice(index + 1).trim()),
      attributes: attributes.map((part) => part.trim()).join('; '),
    };
  }
  return cookies;
}
