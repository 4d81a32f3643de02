import type { Database } from '@kollab/db';
import { sessions, type User, users } from '@kollab/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { perOwner } from '../../lib/bounded-cache.ts';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv, SessionRow } from '../../lib/context.ts';
import { InstanceCache } from '../../lib/instance-cache.ts';
import { ipPrefix } from '../../lib/ip-prefix.ts';
import { type MessageBus, publishSessionRevocation } from '../../lib/message-bus.ts';
import { generateToken, hashToken, tokenMatchesHash } from '../../lib/tokens.ts';

/*
 * Sessions after the Lucia guide (2025), ADR 003. The cookie holds `<id>.<secret>`; the database
 * keeps the id and SHA-256(secret). The id is looked up, then the secret's hash is compared in
 * constant time, so lookup timing reveals nothing about the secret. SHA-256 is enough here (no
 * slow hash needed) because the secret has 160 random bits.
 */

export const SESSION_COOKIE = 'kollab_session';
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * A session not used for this long ends (ADR 021): a browser left signed in on a shared or lost
 * device, or a copied cookie nobody uses, stops working within a week, while someone who opens
 * the portal weekly stays signed in.
 */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY_MS;
/**
 * No session outlives this, however active (ADR 021): a stolen cookie that is kept busy still dies,
 * and everyone proves who they are at least monthly.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;
/** "Last seen" (and the idle deadline with it) is written at most this often, not on every request. */
export const LAST_SEEN_INTERVAL_MS = 5 * MINUTE_MS;
/** Longer User-Agent strings are cut: they are shown, never parsed for anything that matters. */
const USER_AGENT_MAX = 512;

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
  /** When the user last proved who they are in this session (sign-in or password confirmation). */
  authenticatedAt: Date;
}

/** The browser a request came from, as the session list shows it: never the full address. */
export interface SessionClient {
  userAgent: string | null;
  ipPrefix: string | null;
}

export interface ValidatedSession {
  session: Session;
  user: User;
  /** True when the expiry was extended and the cookie must be re-sent. */
  refreshed: boolean;
}

/** The earlier of the idle deadline (last seen + idle limit) and the absolute one (created + lifetime). */
export function sessionDeadline(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(
    Math.min(lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS, createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
  );
}

/** The User-Agent and the address's network range of a request (see `ipPrefix`). */
export function sessionClient(c: Context<AppEnv>): SessionClient {
  return { userAgent: c.req.header('User-Agent')?.slice(0, USER_AGENT_MAX) || null, ipPrefix: ipPrefix(clientIp(c)) };
}

/** Creates a session row and returns the cookie value `<id>.<secret>`. */
export async function createSession(
  db: Database,
  userId: string,
  client: SessionClient = { userAgent: null, ipPrefix: null },
): Promise<{ token: string; session: Session }> {
  const id = generateToken(15);
  const secret = generateToken(20);
  const now = new Date();
  const session = { id, userId, expiresAt: sessionDeadline(now, now), authenticatedAt: now };
  await db
    .insert(sessions)
    .values({ ...session, ...client, createdAt: now, lastSeenAt: now, secretHash: hashToken(secret) });
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

const TOKEN_PART = /^[A-Za-z0-9_-]+$/;

export type SessionCache = InstanceCache<SessionRow>;
/** Signed-in users one instance keeps in memory: every browser tab of an active marketplace and more. */
const SESSION_CACHE_ENTRIES = 50_000;

/**
 * The session rows this instance has read, by session id, so a signed-in request need not ask the
 * database (ADR 035). Every committed change to a session or its user (sign-out, role change,
 * suspension, password change, "last seen") is announced by PostgreSQL and drops the row here on
 * every instance within milliseconds; `maxAgeMs` bounds how long a row is trusted in any case (0:
 * nothing is kept).
 */
export function createSessionCache(bus: MessageBus, maxAgeMs: number): SessionCache {
  const cache: SessionCache = new InstanceCache({ maxEntries: SESSION_CACHE_ENTRIES, maxAgeMs });
  bus.onCacheChange('session', (id) => (id === '*' ? cache.clear() : cache.delete(id)));
  bus.onCacheChange('user', (id) => (id === '*' ? cache.clear() : cache.deleteGroup(id)));
  return cache;
}

/** The session row and its user, from this instance's memory or else from the database. */
async function readSession(db: Database, id: string, cache: SessionCache | undefined): Promise<SessionRow | undefined> {
  if (!cache) return (await sessionLookup(db).execute({ id }))[0];
  const held = cache.get(id);
  if (held) return held;
  const ticket = cache.ticket();
  const [row] = await sessionLookup(db).execute({ id });
  if (row) cache.set(id, row, ticket, { group: row.user.id });
  return row;
}

/**
 * Checks a cookie value. A session idle longer than `SESSION_IDLE_TIMEOUT_MS`, older than
 * `SESSION_ABSOLUTE_LIFETIME_MS` or past its stored expiry is deleted, and so is every session of
 * a suspended user. A session last seen `LAST_SEEN_INTERVAL_MS` ago or more is marked seen now
 * (with `client()`, the browser it is being used from, worked out only then) and its expiry moved
 * to the new deadline.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  client?: () => SessionClient,
  cache?: SessionCache,
): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  // Anything outside the token alphabet (a NUL, say) is not ours: signed out, never a database error.
  if (!TOKEN_PART.test(id) || !TOKEN_PART.test(secret)) return null;
  const row = await readSession(db, id, cache);
  if (!row) return null;
  if (!tokenMatchesHash(secret, row.session.secretHash)) return null;
  const now = Date.now();
  const { userId, expiresAt, authenticatedAt, createdAt, lastSeenAt } = row.session;
  const deadline = Math.min(expiresAt.getTime(), sessionDeadline(createdAt, lastSeenAt).getTime());
  if (deadline <= now || row.user.suspendedAt) {
    cache?.delete(id);
    await invalidateSession(db, id);
    return null;
  }
  const session: Session = { id, userId, expiresAt, authenticatedAt };
  let refreshed = false;
  if (now - lastSeenAt.getTime() >= LAST_SEEN_INTERVAL_MS) {
    const seenAt = new Date(now);
    session.expiresAt = sessionDeadline(createdAt, seenAt);
    await db
      .update(sessions)
      .set({ lastSeenAt: seenAt, expiresAt: session.expiresAt, ...client?.() })
      .where(eq(sessions.id, id));
    // The announcement of this update drops the row too; until it arrives, never the old "last seen".
    cache?.delete(id);
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
 * transaction when there is one. Returns how many sessions ended.
 */
export async function invalidateUserSessions(db: Database, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await publishSessionRevocation(db, { userId });
  return ended.length;
}

/** Records that the user just proved who they are in this session (the password confirmation). */
export async function markSessionAuthenticated(db: Database, sessionId: string): Promise<Date> {
  const now = new Date();
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
  return now;
}

/** Cookies are Secure whenever the public URL is https (plain http only on localhost in development). */
export function isSecure(c: Context): boolean {
  return new URL(c.get('env').PUBLIC_URL).protocol === 'https:';
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
