import type { Database } from '@kollab/db';
import { sessions, type User, users } from '@kollab/db/schema';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { perOwner } from '../../lib/bounded-cache.ts';
import { publishSessionRevocation } from '../../lib/message-bus.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

/*
 * Sessions after the Lucia guide (2025), ADR 003. The cookie holds `<id>.<secret>`; the database
 * keeps the id and SHA-256(secret). The id is looked up, then the secret's hash is compared in
 * constant time, so lookup timing reveals nothing about the secret. SHA-256 is enough here (no
 * slow hash needed) because the secret has 160 random bits.
 */

export const SESSION_COOKIE = 'kollab_session';
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
  /** When the user last proved who they are in this session (sign-in or password confirmation). */
  authenticatedAt: Date;
}

export interface ValidatedSession {
  session: Session;
  user: User;
  /** True when the expiry was extended and the cookie must be re-sent. */
  refreshed: boolean;
}

/** Creates a session row and returns the cookie value `<id>.<secret>`. */
export async function createSession(db: Database, userId: string): Promise<{ token: string; session: Session }> {
  const id = generateToken(15);
  const secret = generateToken(20);
  const session = { id, userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS), authenticatedAt: new Date() };
  await db.insert(sessions).values({ ...session, secretHash: hashToken(secret) });
  return { token: `${id}.${secret}`, session };
}

function prepareSessionLookup(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_lookup');
}

/**
 * The session-and-user lookup runs on every signed-in request, so it is a prepared statement:
 * PostgreSQL parses and plans it once per connection instead of once per request.
 */
const sessionLookup = perOwner(prepareSessionLookup);

/**
 * Checks a cookie value. Expired sessions are deleted; a session past half its lifetime is extended
 * to a full 30 days (sliding expiry). Suspended users have no valid sessions.
 */
const TOKEN_PART = /^[A-Za-z0-9_-]+$/;

export async function validateSessionToken(db: Database, token: string): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  // Anything outside the token alphabet (a NUL, say) is not ours: signed out, never a database error.
  if (!TOKEN_PART.test(id) || !TOKEN_PART.test(secret)) return null;
  const [row] = await sessionLookup(db).execute({ id });
  if (!row) return null;
  const encoder = new TextEncoder();
  if (!constantTimeEqual(encoder.encode(hashToken(secret)), encoder.encode(row.session.secretHash))) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now || row.user.suspendedAt) {
    await invalidateSession(db, id);
    return null;
  }
  const { userId, expiresAt, authenticatedAt } = row.session;
  const session: Session = { id, userId, expiresAt, authenticatedAt };
  let refreshed = false;
  if (session.expiresAt.getTime() - now < SESSION_LIFETIME_MS / 2) {
    session.expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
    refreshed = true;
  }
  return { session, user: row.user, refreshed };
}

/** Ends one session (sign-out, expiry); its open chat streams close on every instance (ADR 012). */
export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await publishSessionRevocation(db, { sessionId });
}

/**
 * Ends every session of a user (password change or reset, e-mail change, role change, suspension,
 * erasure) except `keep` (the browser that made the change, when it stays signed in), and closes
 * their open chat streams on every instance (ADR 012; a kept session's stream reconnects). Pass the
 * transaction when there is one.
 */
export async function invalidateUserSessions(db: Database, userId: string, keep?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
  await publishSessionRevocation(db, { userId });
}

/** Records that the user just proved who they are in this session (the password confirmation). */
export async function markSessionAuthenticated(db: Database, sessionId: string): Promise<Date> {
  const now = new Date();
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
  return now;
}

/** Cookies are Secure whenever the public URL is https (plain http only on localhost in development). */
export function isSecure(c: Context): boolean {
  return new URL(c.var.env.PUBLIC_URL).protocol === 'https:';
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** HttpOnly, SameSite=Lax, Secure outside plain-http localhost. */
export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/',
    expires: expiresAt,
  });
}

export function deleteSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecure(c) });
}
