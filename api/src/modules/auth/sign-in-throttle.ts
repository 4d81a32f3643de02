import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@kollab/db';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/context.ts';
import {
  consumeRateLimit,
  peekRateLimit,
  rateLimited,
  resetRateLimit,
  resetRateLimitFamily,
} from '../../lib/rate-limit.ts';
import { isSecure } from './session.ts';

/*
 * Wrong passwords are counted per account *and client address*, and per account alone. From one
 * address, 10 failures in 15 minutes refuse that address (the guesser locks only itself out). From
 * anywhere, failures past 10 slow every answer for the account down, doubling up to 5 s, but never
 * refuse the right password: nobody can lock the owner out. A browser the owner signed in from
 * before (a signed `kollab_device` cookie) skips both, and a password reset clears the counts.
 */

const WINDOW = { limit: 10, windowSeconds: 15 * 60 };
const SLOW_AFTER = 10;
const FIRST_DELAY_MS = 250;
export const MAX_SIGN_IN_DELAY_MS = 5_000;
const DEVICE_COOKIE = 'kollab_device';
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const accountKey = (email: string) => `signin:fail:${email.trim().toLowerCase()}`;
const pairKey = (email: string, ip: string) => `${accountKey(email)}|${ip}`;

/** How long to hold an answer after `failures` wrong passwords for the account from anywhere. */
export function signInDelayMs(failures: number): number {
  if (failures < SLOW_AFTER) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - SLOW_AFTER));
}

export interface SignInAttempt {
  email: string;
  ip: string;
  knownDevice: boolean;
}

/**
 * Before the password is checked: refuses an address that used up its failures on this account,
 * and waits while the account is under attack from many addresses.
 * @throws rate_limited (with Retry-After) for this account from this address
 */
export async function throttleSignIn(
  db: Database,
  attempt: SignInAttempt,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<number> {
  if (attempt.knownDevice) return 0;
  const pair = await peekRateLimit(db, pairKey(attempt.email, attempt.ip), WINDOW);
  if (!pair.allowed) throw rateLimited(pair.retryAfterSeconds);
  const account = await peekRateLimit(db, accountKey(attempt.email), WINDOW);
  const delay = signInDelayMs(account.count);
  if (delay > 0) await sleep(delay);
  return delay;
}

export async function recordSignInFailure(db: Database, attempt: SignInAttempt): Promise<void> {
  await consumeRateLimit(db, accountKey(attempt.email), WINDOW);
  if (!attempt.knownDevice) await consumeRateLimit(db, pairKey(attempt.email, attempt.ip), WINDOW);
}

/** A right password forgets this address's failures; the account's own count runs out with its window. */
export async function recordSignInSuccess(db: Database, attempt: SignInAttempt): Promise<void> {
  await resetRateLimit(db, pairKey(attempt.email, attempt.ip));
}

/** Forgets every failure counted against the account (after a password reset). */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await resetRateLimitFamily(db, accountKey(email));
}

function deviceSignature(secret: string, nonce: string, email: string): string {
  return createHmac('sha256', secret).update(`device:${nonce}:${email.trim().toLowerCase()}`).digest('base64url');
}

/** Whether this browser carries a device cookie issued when `email` signed in from it. */
export function isKnownDevice(c: Context<AppEnv>, email: string): boolean {
  const [nonce, signature, extra] = (getCookie(c, DEVICE_COOKIE) ?? '').split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(deviceSignature(c.get('secrets').sessionSecret, nonce, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Remembers this browser as one `email` signed in from (HttpOnly, only sent to /api/auth). */
export function rememberDevice(c: Context<AppEnv>, email: string): void {
  const nonce = randomBytes(16).toString('base64url');
  setCookie(c, DEVICE_COOKIE, `${nonce}.${deviceSignature(c.get('secrets').sessionSecret, nonce, email)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/api/auth',
    maxAge: DEVICE_LIFETIME_SECONDS,
  });
}
