import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import type { Database } from '@kollab/db';
import { deletionRequests, type User } from '@kollab/db/schema';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeletionRequest } from '../deletion-requests/deletion-requests.processing.ts';
import { DELETION_DUE_DAYS } from '../deletion-requests/deletion-requests.service.ts';
import { planErasure } from '../deletion-requests/erasure-plan.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user's open request that will be carried out: pending and confirmed (from any source). */
async function findOpenRequest(db: Database, user: User): Promise<DeletionRequest | null> {
  const [row] = await db
    .select()
    .from(deletionRequests)
    .where(
      and(
        eq(deletionRequests.userId, user.id),
        eq(deletionRequests.status, 'pending'),
        isNotNull(deletionRequests.confirmedAt),
      ),
    )
    .orderBy(desc(deletionRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Files a deletion request for the signed-in user's own account, confirmed at once (the session
 * proves who they are), due in 14 days. Asking again while one is open returns that one.
 */
export async function requestAccountDeletion(db: Database, user: User, now = new Date()): Promise<DeletionRequest> {
  return db.transaction(async (tx) => {
    const open = await findOpenRequest(tx, user);
    if (open) return open;
    const [row] = await tx
      .insert(deletionRequests)
      .values({
        userId: user.id,
        email: user.email.toLowerCase(),
        locale: user.locale,
        source: 'account',
        confirmedAt: now,
        dueAt: new Date(now.getTime() + DELETION_DUE_DAYS * DAY_MS),
      })
      .returning();
    if (!row) throw new Error('deletion request insert returned nothing');
    await recordAudit(
      tx,
      user,
      'deletion_request.create',
      { type: 'deletion_request', id: row.id },
      { userId: user.id },
    );
    return row;
  });
}

/** The user's newest deletion request in any state, or null. */
export async function getAccountDeletion(db: Database, user: User): Promise<DeletionRequest | null> {
  const [row] = await db
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.userId, user.id))
    .orderBy(desc(deletionRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Withdraws the user's open deletion request.
 * @throws not_found when nothing is pending
 */
export async function cancelAccountDeletion(db: Database, user: User, now = new Date()): Promise<DeletionRequest> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(deletionRequests)
      .set({ status: 'cancelled', confirmTokenHash: null, heldReason: null, updatedAt: now })
      .where(and(eq(deletionRequests.userId, user.id), eq(deletionRequests.status, 'pending')))
      .returning();
    const [first] = rows;
    if (!first) throw new AppError('not_found', 'No pending deletion request');
    for (const row of rows) {
      const entity = { type: 'deletion_request', id: row.id };
      await recordAudit(tx, user, 'deletion_request.cancel', entity, { userId: user.id });
    }
    return first;
  });
}

/** What deleting the user's account would do now (the open request's earlier payouts count). */
export async function planAccountDeletion(db: Database, user: User): Promise<ErasurePlan> {
  const open = await findOpenRequest(db, user);
  return planErasure(db, user, open?.id ?? null);
}
