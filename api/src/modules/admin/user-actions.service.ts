import type { AdminUser } from '@kollab/contract/api/admin';
import type { Database } from '@kollab/db';
import { creatorProfiles, type User, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { accountMail } from '../auth/auth.mails.ts';
import { issueEmailToken } from '../auth/auth.service.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { isErased } from '../deletion-requests/account-erasure.service.ts';
import { toAdminUser } from './people.service.ts';

/*
 * Admin actions on accounts. Each runs in one transaction: the user row is locked, changed, the
 * audit entry (with before/after) is written and the sessions are ended, so either all of it
 * happens or none of it does.
 */

type Tx = Database;

/**
 * The locked target of an admin action; admins may not act on themselves (no self-lock-out), and an
 * erased account stays as it is.
 * @throws not_found, conflict
 */
async function lockTarget(tx: Tx, admin: User, id: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw new AppError('not_found', 'User not found');
  if (user.id === admin.id) throw new AppError('conflict', 'Admins cannot change their own account here');
  if (isErased(user)) throw new AppError('conflict', 'The account has been erased');
  return user;
}

async function endSessions(tx: Tx, userId: string): Promise<void> {
  await invalidateUserSessions(tx, userId);
}

/**
 * Gives a user another role and ends their sessions (they sign in again with the new role).
 * @throws not_found, conflict (same role, own account, erased account)
 */
export async function changeRole(
  db: Database,
  admin: User,
  id: string,
  input: { role: User['role']; reason?: string | undefined },
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const user = await lockTarget(tx, admin, id);
    if (user.role === input.role) throw new AppError('conflict', `User is already ${input.role}`);
    const [updated] = await tx.update(users).set({ role: input.role }).where(eq(users.id, id)).returning();
    if (!updated) throw new AppError('not_found', 'User not found');
    if (input.role === 'creator') await tx.insert(creatorProfiles).values({ userId: id }).onConflictDoNothing();
    await recordAudit(
      tx,
      admin,
      'user.role_change',
      { type: 'user', id },
      { before: { role: user.role }, after: { role: updated.role }, reason: input.reason ?? null },
    );
    await endSessions(tx, id);
    return toAdminUser(updated);
  });
}

/**
 * Suspends a user: they cannot sign in and their sessions end.
 * @throws not_found, conflict (already suspended, own account, erased account)
 */
export async function suspendUser(db: Database, admin: User, id: string, reason: string): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const user = await lockTarget(tx, admin, id);
    if (user.suspendedAt) throw new AppError('conflict', 'User is already suspended');
    const [updated] = await tx.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!updated) throw new AppError('not_found', 'User not found');
    await recordAudit(
      tx,
      admin,
      'user.suspend',
      { type: 'user', id },
      { before: { suspendedAt: null }, after: { suspendedAt: updated.suspendedAt?.toISOString() ?? null }, reason },
    );
    await endSessions(tx, id);
    return toAdminUser(updated);
  });
}

/**
 * Lifts a suspension.
 * @throws not_found, conflict (not suspended, own account, erased account)
 */
export async function unsuspendUser(
  db: Database,
  admin: User,
  id: string,
  reason: string | undefined,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const user = await lockTarget(tx, admin, id);
    if (!user.suspendedAt) throw new AppError('conflict', 'User is not suspended');
    const [updated] = await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, id)).returning();
    if (!updated) throw new AppError('not_found', 'User not found');
    await recordAudit(
      tx,
      admin,
      'user.unsuspend',
      { type: 'user', id },
      { before: { suspendedAt: user.suspendedAt.toISOString() }, after: { suspendedAt: null }, reason: reason ?? null },
    );
    return toAdminUser(updated);
  });
}

/**
 * Sends a new verification link (earlier links stop working).
 * @throws not_found, conflict (already verified, erased account)
 */
export async function resendVerificationFor(
  deps: { db: Database; mailer: Mailer; env: Env },
  admin: User,
  id: string,
): Promise<void> {
  const { user, token } = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw new AppError('not_found', 'User not found');
    if (isErased(user)) throw new AppError('conflict', 'The account has been erased');
    if (user.emailVerifiedAt) throw new AppError('conflict', 'The e-mail address is already verified');
    const token = await issueEmailToken(tx, user.id, 'verify_email', user.email);
    await recordAudit(tx, admin, 'user.resend_verification', { type: 'user', id });
    return { user, token };
  });
  const link = `${deps.env.PUBLIC_URL}/app/verify-email?token=${token}`;
  await deps.mailer.send(accountMail('verify', user.locale, user.email, user.fullName, link));
}
