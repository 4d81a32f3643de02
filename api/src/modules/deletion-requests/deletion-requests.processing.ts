import type { Database } from '@kollab/db';
import {
  brandProfiles,
  clientLogs,
  conversationReads,
  creatorProfiles,
  deletionRequests,
  emailTokens,
  idempotencyKeys,
  messages,
  oauthAccounts,
  paymentMethods,
  subscribers,
  type User,
  users,
} from '@kollab/db/schema';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createStorage, type Storage } from '../../lib/storage.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { deletionCompletedMail } from './deletion-requests.mail.ts';

export type DeletionRequest = typeof deletionRequests.$inferSelect;

export interface DeletionDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  /** Where avatars live; built from `env` when the caller (the scheduler) has none. */
  storage?: Storage;
  logger?: Logger;
}

/** What an erased account is called everywhere it still appears. */
export const DELETED_NAME = 'Deleted user';

/** The address an erased account gets: unique, and on a domain that can never receive mail. */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@deleted.kollab.invalid`;
}

/** Whether a user row is an erased account (it stays for bookkeeping, suspended for good). */
export function isErased(user: Pick<User, 'email'>): boolean {
  return user.email.endsWith('@deleted.kollab.invalid');
}

/**
 * Erases the personal data a deletion request covers, in one transaction, then deletes the stored
 * avatar and mails the requester. The user row stays, anonymised and suspended, because withdrawals
 * (bookkeeping) reference it; ledger entries are never touched (ADR 007). A request for an address
 * without an account only removes newsletter rows. Another instance may get there first: the request
 * row is locked and its status re-checked.
 * @throws not_found, conflict (already completed or cancelled, or a public request not yet confirmed)
 */
export async function processDeletionRequest(
  deps: DeletionDeps,
  actor: Actor,
  requestId: string,
  now = new Date(),
): Promise<DeletionRequest> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, requestId)).for('update');
    if (!request) throw new AppError('not_found', 'Deletion request not found');
    if (request.status !== 'pending') throw new AppError('conflict', `Deletion request is already ${request.status}`);
    if (!request.confirmedAt) throw new AppError('conflict', 'Deletion request is not confirmed yet');
    const user = await findAccount(tx, request);
    const erased = user ? await eraseUser(tx, user, now) : null;
    const emails = [...new Set([request.email.toLowerCase(), ...(user ? [user.email.toLowerCase()] : [])])];
    const removed = await tx
      .delete(subscribers)
      .where(inArray(sql`lower(${subscribers.email})`, emails))
      .returning({ id: subscribers.id });
    const [completed] = await tx
      .update(deletionRequests)
      .set({ status: 'completed', completedAt: now, confirmTokenHash: null, userId: user?.id ?? null, updatedAt: now })
      .where(eq(deletionRequests.id, request.id))
      .returning();
    if (!completed) throw new AppError('not_found', 'Deletion request not found');
    const details = { source: request.source, userId: user?.id ?? null, subscribersDeleted: removed.length };
    await recordAudit(tx, actor, 'deletion_request.complete', { type: 'deletion_request', id: request.id }, details);
    if (user) await recordAudit(tx, actor, 'user.erase', { type: 'user', id: user.id }, { requestId: request.id });
    return { completed, avatarKey: erased?.avatarKey ?? null };
  });
  await afterErasure(deps, outcome.completed, outcome.avatarKey);
  return outcome.completed;
}

/** The account the request is about: the linked one, else the one with the requested address. */
async function findAccount(tx: Database, request: DeletionRequest): Promise<User | null> {
  const where = request.userId
    ? eq(users.id, request.userId)
    : eq(sql`lower(${users.email})`, request.email.toLowerCase());
  const [user] = await tx.select().from(users).where(where).for('update');
  return user ?? null;
}

/** Anonymises the user row and deletes or clears everything else that identifies them. */
async function eraseUser(tx: Database, user: User, now: Date): Promise<{ avatarKey: string | null }> {
  await tx
    .update(users)
    .set({
      fullName: DELETED_NAME,
      email: erasedEmail(user.id),
      passwordHash: null,
      phone: null,
      personalNumberEncrypted: null,
      avatarKey: null,
      emailVerifiedAt: null,
      suspendedAt: user.suspendedAt ?? now,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(creatorProfiles)
    .set({ instagramHandle: null, instagramFollowers: null, tiktokHandle: null, tiktokFollowers: null, bio: null })
    .where(eq(creatorProfiles.userId, user.id));
  await tx
    .update(brandProfiles)
    .set({
      companyName: DELETED_NAME,
      orgNumber: null,
      website: null,
      instagramHandle: null,
      instagramPosts: null,
      instagramFollowers: null,
      instagramFollowing: null,
    })
    .where(eq(brandProfiles.userId, user.id));
  // Messages stay in the other party's conversation, shown as from a deleted user.
  await tx.update(messages).set({ authorId: null }).where(eq(messages.authorId, user.id));
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, user.id));
  await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
  await invalidateUserSessions(tx, user.id);
  await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  await tx.delete(conversationReads).where(eq(conversationReads.userId, user.id));
  await tx.delete(clientLogs).where(eq(clientLogs.userId, user.id));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
  return { avatarKey: user.avatarKey };
}

/** The erasure is committed; a stray file or an unsent mail is logged, not undone. */
async function afterErasure(deps: DeletionDeps, request: DeletionRequest, avatarKey: string | null): Promise<void> {
  if (avatarKey) {
    try {
      await (deps.storage ?? createStorage(deps.env)).delete(avatarKey);
    } catch (error) {
      deps.logger?.error({ err: error, requestId: request.id }, 'avatar of erased user not deleted');
    }
  }
  try {
    await deps.mailer.send(deletionCompletedMail(request.email, request.locale));
  } catch (error) {
    deps.logger?.error({ err: error, requestId: request.id }, 'deletion completed mail not sent');
  }
}

/**
 * Processes every confirmed, pending request whose due date has passed (the scheduler's step).
 * One failing request is logged and does not stop the others.
 */
export async function processDueDeletionRequests(deps: DeletionDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: deletionRequests.id })
    .from(deletionRequests)
    .where(
      and(
        eq(deletionRequests.status, 'pending'),
        isNotNull(deletionRequests.confirmedAt),
        lte(deletionRequests.dueAt, now),
      ),
    )
    .orderBy(asc(deletionRequests.dueAt));
  let processed = 0;
  for (const { id } of due) {
    try {
      await processDeletionRequest(deps, 'system', id, now);
      processed++;
    } catch (error) {
      // Another instance completed it first: nothing to do.
      if (error instanceof AppError && error.code === 'conflict') continue;
      deps.logger?.error({ err: error, requestId: id }, 'deletion request not processed');
    }
  }
  return processed;
}
