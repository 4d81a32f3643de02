import type { DeletionHoldReason } from '@kollab/contract/api/deletion-requests';
import type { Database } from '@kollab/db';
import { deletionRequests, subscribers, type User, users } from '@kollab/db/schema';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { createStorage, type Storage } from '../../lib/storage.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { eraseUser } from './account-erasure.service.ts';
import { bookkeepingKeptUntil } from './bookkeeping-retention.ts';
import { deletionCompletedMail, deletionHeldMail } from './deletion-requests.mail.ts';
import { type Settlement, settleAccount } from './erasure-settlement.service.ts';

export type DeletionRequest = typeof deletionRequests.$inferSelect;

export interface DeletionDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  /** Where avatars live; built from `env` when the caller (the scheduler) has none. */
  storage?: Storage;
  logger?: Logger;
}

export interface ProcessedDeletion {
  request: DeletionRequest;
  /** `held`: the account's money is not settled yet, so nothing was erased (`request.heldReason`). */
  outcome: 'completed' | 'held';
}

/**
 * Carries out a deletion request in one transaction. First the account's money and work are
 * settled (erasure-settlement.service.ts); while money is still on its way or held, the request
 * stays pending with its `heldReason` and nothing is erased (ADR 022). Otherwise the personal data
 * is erased, bookkeeping records stay anonymised until `bookkeepingKeptUntil`, and the avatar is
 * deleted and the requester mailed after the commit. A request for an address without an account
 * only removes newsletter rows. Another instance may get there first: the request row is locked and
 * its status re-checked, so running it twice, or at once, settles and pays nothing twice.
 * @throws not_found, conflict (already completed or cancelled, or a public request not yet confirmed)
 */
export async function processDeletionRequest(
  deps: DeletionDeps,
  actor: Actor,
  requestId: string,
  now = new Date(),
): Promise<ProcessedDeletion> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, requestId)).for('update');
    if (!request) throw new AppError('not_found', 'Deletion request not found');
    if (request.status !== 'pending') throw new AppError('conflict', `Deletion request is already ${request.status}`);
    if (!request.confirmedAt) throw new AppError('conflict', 'Deletion request is not confirmed yet');
    const user = await findAccount(tx, request);
    const settlement = user ? await settleAccount(tx, deps.env, actor, request.id, user) : null;
    if (user && settlement?.hold)
      return holdRequest(tx, actor, request, user, { ...settlement, hold: settlement.hold }, now);
    const erased = user ? await eraseUser(tx, user, now) : null;
    const emails = [...new Set([request.email.toLowerCase(), ...(user ? [user.email.toLowerCase()] : [])])];
    const removed = await tx
      .delete(subscribers)
      .where(inArray(sql`lower(${subscribers.email})`, emails))
      .returning({ id: subscribers.id });
    const [completed] = await tx
      .update(deletionRequests)
      .set({
        status: 'completed',
        completedAt: now,
        confirmTokenHash: null,
        userId: user?.id ?? null,
        heldReason: null,
        bookkeepingKeptUntil: bookkeepingKeptUntil(now),
        updatedAt: now,
      })
      .where(eq(deletionRequests.id, request.id))
      .returning();
    if (!completed) throw new AppError('not_found', 'Deletion request not found');
    const details = { source: request.source, userId: user?.id ?? null, subscribersDeleted: removed.length };
    await recordAudit(tx, actor, 'deletion_request.complete', { type: 'deletion_request', id: request.id }, details);
    if (user) await recordAudit(tx, actor, 'user.erase', { type: 'user', id: user.id }, { requestId: request.id });
    return {
      request: completed,
      outcome: 'completed' as const,
      mails: settlement?.mails ?? [],
      avatarKey: erased?.avatarKey ?? null,
    };
  });
  await sendAll(deps, outcome.request, outcome.mails);
  if (outcome.outcome === 'completed') await afterErasure(deps, outcome.request, outcome.avatarKey);
  return { request: outcome.request, outcome: outcome.outcome };
}

/**
 * Keeps the request pending with the reason it waits. The requester is told once per reason (a
 * payout on its way, then perhaps a returned one), not on every run of the scheduler.
 */
async function holdRequest(
  tx: Database,
  actor: Actor,
  request: DeletionRequest,
  user: User,
  settlement: Settlement & { hold: DeletionHoldReason },
  now: Date,
) {
  const changed = request.heldReason !== settlement.hold || request.userId !== user.id;
  const [held] = changed
    ? await tx
        .update(deletionRequests)
        .set({ heldReason: settlement.hold, userId: user.id, updatedAt: now })
        .where(eq(deletionRequests.id, request.id))
        .returning()
    : [request];
  if (!held) throw new AppError('not_found', 'Deletion request not found');
  const mails = [...settlement.mails];
  if (request.heldReason !== settlement.hold || settlement.payout) {
    const entity = { type: 'deletion_request', id: request.id };
    const payout = settlement.payout;
    await recordAudit(tx, actor, 'deletion_request.hold', entity, {
      reason: settlement.hold,
      withdrawalId: payout?.id ?? null,
      amountOre: payout?.amountOre ?? null,
    });
    mails.push(
      deletionHeldMail(user.email, request.locale, settlement.hold, {
        availableOre: await balanceOf(tx, user.id, 'creator_available'),
        payout: payout ? { amountOre: payout.amountOre, method: payout.paymentMethodMasked } : null,
      }),
    );
  }
  return { request: held, outcome: 'held' as const, mails, avatarKey: null };
}

/** The account the request is about: the linked one, else the one with the requested address. */
async function findAccount(tx: Database, request: DeletionRequest): Promise<User | null> {
  const where = request.userId
    ? eq(users.id, request.userId)
    : eq(sql`lower(${users.email})`, request.email.toLowerCase());
  const [user] = await tx.select().from(users).where(where).for('update');
  return user ?? null;
}

/** The transaction has committed; a mail that does not go out is logged, not undone. */
async function sendAll(deps: DeletionDeps, request: DeletionRequest, mails: Mail[]): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.logger?.error({ err: error, requestId: request.id }, 'erasure notification not sent');
    }
  }
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
 * Processes every confirmed, pending request whose due date has passed (the scheduler's step) and
 * counts those completed; a held one is tried again on the next run, so it completes once its
 * money is settled. One failing request is logged and does not stop the others.
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
      const { outcome } = await processDeletionRequest(deps, 'system', id, now);
      if (outcome === 'completed') processed++;
    } catch (error) {
      // Another instance completed it first: nothing to do.
      if (error instanceof AppError && error.code === 'conflict') continue;
      deps.logger?.error({ err: error, requestId: id }, 'deletion request not processed');
    }
  }
  return processed;
}
