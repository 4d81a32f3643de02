import type { AccountSession } from '@kollab/contract/api/sessions';
import type { Database } from '@kollab/db';
import { sessions } from '@kollab/db/schema';
import { and, desc, eq, gt } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { publishSessionRevocation } from '../../lib/message-bus.ts';
import { invalidateUserSessions } from './session.ts';
import { describeDevice } from './user-agent.ts';

type SessionRow = typeof sessions.$inferSelect;

function toAccountSession(row: SessionRow, currentId: string): AccountSession {
  return {
    id: row.publicId,
    current: row.id === currentId,
    ...describeDevice(row.userAgent),
    place: row.ipPrefix,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The user's sessions that have not expired: the current one first, then the others by when they
 * were last seen. Expired ones still in the table (not used since) are left out.
 */
export async function listAccountSessions(
  db: Database,
  userId: string,
  currentId: string,
  now = new Date(),
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const views = rows.map((row) => toAccountSession(row, currentId));
  return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
}

/**
 * Signs one of the user's sessions out by its public id and closes its chat streams (ADR 012).
 * Returns the ended session's id, so the caller can tell when it was the current one.
 * @throws not_found when the user has no such session (another user's looks the same)
 */
export async function endAccountSession(db: Database, userId: string, publicId: string): Promise<string> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  if (!ended) throw new AppError('not_found', 'No such session');
  await publishSessionRevocation(db, { sessionId: ended.id });
  return ended.id;
}

/** Signs out every session of the user but `currentId`; returns how many ended. */
export function endOtherAccountSessions(db: Database, userId: string, currentId: string): Promise<number> {
  return invalidateUserSessions(db, userId, currentId);
}
