import type { ListPayoutBatchesQuery, PayoutBatchView } from '@kollab/contract/api/payouts';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import { stockholmDay } from '@kollab/contract/stockholm-date';
import { type Database, newId } from '@kollab/db';
import {
  type Payout,
  type PayoutBatch,
  paymentMethods,
  paymentRefunds,
  payoutBatches,
  payouts,
  type User,
  users,
  type Withdrawal,
  withdrawals,
} from '@kollab/db/schema';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../lib/audit.ts';
import { decrypt, encrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import { sortWithTiesInOrder } from '../../lib/keyset.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { pageOf, type Window } from '../admin/list-query.ts';
import { creditorAccount } from './creditor.ts';
import { type CreditTransfer, writePain001 } from './pain001.ts';
import { markSent } from './settle.ts';

type SkipReason =
  | 'not_found'
  | 'not_requested'
  | 'held_for_review'
  | 'not_a_bank_method'
  | 'method_deleted'
  | 'invalid_account_details';

type Skipped = { withdrawalId?: string; refundId?: string; reason: SkipReason };

/**
 * Brands' pending bank refunds into the batch: each at most once (locked, then the payouts'
 * unique refund id), with the payee kept as the brand gave it. EndToEndId `KR` + the refund's id.
 */
async function batchRefunds(tx: Database, batchId: string, refundIds: string[]) {
  const skipped: Skipped[] = [];
  let count = 0;
  let totalOre = 0;
  for (const refundId of refundIds) {
    const [refund] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.method, 'bank')))
      .for('update');
    if (!refund?.creditorEncrypted) {
      skipped.push({ refundId, reason: 'not_found' });
      continue;
    }
    const [row] =
      refund.status === 'pending'
        ? await tx
            .insert(payouts)
            .values({
              refundId,
              batchId,
              rail: 'bank',
              endToEndId: `KR${refundId.toUpperCase()}`,
              amountOre: refund.amountOre,
              creditorEncrypted: refund.creditorEncrypted,
            })
            .onConflictDoNothing()
            .returning()
        : [];
    if (!row) {
      skipped.push({ refundId, reason: 'not_requested' });
      continue;
    }
    count += 1;
    totalOre += row.amountOre;
  }
  return { skipped, count, totalOre };
}

export async function toBatchView(db: Database, batch: PayoutBatch): Promise<PayoutBatchView> {
  const rows = await db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(eq(payouts.batchId, batch.id))
    .groupBy(payouts.status);
  return batchView(batch, rows);
}

/** A batch as the admin sees it, with its payouts counted by status (`rows`). */
function batchView(batch: PayoutBatch, rows: { status: Payout['status']; n: number }[]): PayoutBatchView {
  const counts = { sent: 0, paid: 0, returned: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return {
    id: batch.id,
    messageId: batch.messageId,
    payoutCount: batch.payoutCount,
    totalOre: batch.totalOre,
    executionDate: batch.executionDate,
    exportCount: batch.exportCount,
    firstExportedAt: batch.firstExportedAt?.toISOString() ?? null,
    createdAt: batch.createdAt.toISOString(),
    counts,
  };
}

/**
 * Puts the selected requested withdrawals to bank accounts and IBANs into a new batch, in one
 * transaction: each is marked sent by a conditional update, so a withdrawal another admin's batch
 * took meanwhile (or one held for review, or with unusable details) is skipped and named; the
 * payee's name and account are kept (encrypted) with the payout so the file can be written again.
 * @throws validation_failed (nothing_to_pay) when none of them can go in
 */
export async function createBatch(
  db: Database,
  secrets: Secrets,
  admin: User,
  input: { withdrawalIds: string[]; refundIds?: string[] | undefined; executionDate?: string | undefined },
): Promise<{ batch: PayoutBatch; sent: Withdrawal[]; skipped: Skipped[] }> {
  const ids = [...new Set(input.withdrawalIds)].sort();
  const executionDate = input.executionDate ?? stockholmDay();
  return db.transaction(async (tx) => {
    const id = newId();
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        id,
        messageId: `KB${id.toUpperCase()}`,
        createdBy: admin.id,
        payoutCount: 0,
        totalOre: 0,
        executionDate,
      })
      .returning();
    if (!batch) throw new Error('batch insert returned nothing');
    const rows = await tx
      .select({ withdrawal: withdrawals, user: users, method: paymentMethods })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, withdrawals.paymentMethodId))
      .where(inArray(withdrawals.id, ids))
      .orderBy(withdrawals.id);
    const skipped: Skipped[] = ids
      .filter((wanted) => !rows.some((row) => row.withdrawal.id === wanted))
      .map((withdrawalId) => ({ withdrawalId, reason: 'not_found' }));
    const sent: Withdrawal[] = [];
    for (const { withdrawal, user, method } of rows) {
      const skip = (reason: SkipReason) => skipped.push({ withdrawalId: withdrawal.id, reason });
      if (withdrawal.paymentMethodType !== 'bank_account' && withdrawal.paymentMethodType !== 'iban') {
        skip('not_a_bank_method');
        continue;
      }
      if (withdrawal.status !== 'requested') {
        skip('not_requested');
        continue;
      }
      if (withdrawal.heldUntil && withdrawal.heldUntil > new Date()) {
        skip('held_for_review');
        continue;
      }
      const creditor = creditorAccount(secrets.encryptionKey, method);
      if (!creditor.ok) {
        skip(creditor.problem === 'not_a_bank_method' ? 'invalid_account_details' : creditor.problem);
        continue;
      }
      const marked = await markSent(tx, withdrawal.id, { rail: 'bank', batchId: batch.id });
      if (!marked) {
        skip('not_requested');
        continue;
      }
      const details = { creditorName: user.fullName, account: creditor.account };
      await tx
        .update(payouts)
        .set({ creditorEncrypted: encrypt(secrets.encryptionKey, JSON.stringify(details)) })
        .where(eq(payouts.id, marked.payout.id));
      sent.push(marked.withdrawal);
    }
    const refunds = await batchRefunds(tx, batch.id, [...new Set(input.refundIds ?? [])].sort());
    skipped.push(...refunds.skipped);
    if (sent.length + refunds.count === 0) {
      throw AppError.validation(
        { withdrawalIds: ['nothing_to_pay'] },
        'None of the selected withdrawals can be paid by bank transfer now',
      );
    }
    const totalOre = sent.reduce((sum, row) => sum + row.amountOre, 0) + refunds.totalOre;
    const [updated] = await tx
      .update(payoutBatches)
      .set({ payoutCount: sent.length + refunds.count, totalOre })
      .where(eq(payoutBatches.id, batch.id))
      .returning();
    await recordAudit(
      tx,
      admin,
      'payout_batch.create',
      { type: 'payout_batch', id: batch.id },
      {
        count: sent.length + refunds.count,
        totalOre,
        skipped: skipped.length,
      },
    );
    const key = (row: Skipped) => row.withdrawalId ?? row.refundId ?? '';
    skipped.sort((a, b) => (key(a) < key(b) ? -1 : 1));
    return { batch: updated ?? batch, sent, skipped };
  });
}

/**
 * The batch's pain.001 file. Every export writes the same bytes (same MsgId, creation time and
 * EndToEndIds, the payees as sent), so a second upload is the same file, which the bank refuses
 * as a duplicate; the count of exports is kept and shown.
 * @throws not_found
 */
export async function exportBatch(
  db: Database,
  env: Env,
  secrets: Secrets,
  admin: User,
  batchId: string,
): Promise<{ batch: PayoutBatch; xml: string }> {
  const [batch] = await db
    .update(payoutBatches)
    .set({
      exportCount: sql`${payoutBatches.exportCount} + 1`,
      firstExportedAt: sql`coalesce(${payoutBatches.firstExportedAt}, now())`,
    })
    .where(eq(payoutBatches.id, batchId))
    .returning();
  if (!batch) throw new AppError('not_found', 'Payout batch not found');
  const rows = await db.select().from(payouts).where(eq(payouts.batchId, batchId)).orderBy(payouts.endToEndId);
  const transfers: CreditTransfer[] = rows.map((row) => {
    const details = JSON.parse(decrypt(secrets.encryptionKey, row.creditorEncrypted ?? '')) as Pick<
      CreditTransfer,
      'creditorName' | 'account'
    >;
    return {
      endToEndId: row.endToEndId,
      amountOre: row.amountOre,
      ...details,
      message: `${row.refundId ? 'Kollab återbetalning' : 'Kollab utbetalning'} ${row.endToEndId}`,
    };
  });
  const xml = writePain001({
    messageId: batch.messageId,
    createdAt: batch.createdAt,
    executionDate: batch.executionDate,
    debtor: {
      name: env.PAYOUT_DEBTOR_NAME,
      iban: env.PAYOUT_DEBTOR_IBAN,
      bic: env.PAYOUT_DEBTOR_BIC,
      bankgiro: env.PAYOUT_DEBTOR_BANKGIRO,
    },
    transfers,
  });
  await recordAudit(
    db,
    admin,
    'payout_batch.export',
    { type: 'payout_batch', id: batch.id },
    {
      exportCount: batch.exportCount,
    },
  );
  return { batch, xml };
}

/** Admin: the payout batches, newest first, by keyset pages over `(created_at, id)` (ADR 036). */
export async function listBatches(db: Database, query: ListPayoutBatchesQuery, window: Window) {
  const sort = sortWithTiesInOrder(query, payoutBatches.createdAt, payoutBatches.id);
  const ids = (after?: SQL) => db.select({ id: payoutBatches.id }).from(payoutBatches).where(after).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({ batch: payoutBatches, sortKey: page.sortKey })
      .from(payoutBatches)
      .where(inArray(payoutBatches.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  // Every batch's payouts by status in one statement (a statement per batch was 25 round trips a page).
  const counts = rows.length
    ? await db
        .select({ batchId: payouts.batchId, status: payouts.status, n: count() })
        .from(payouts)
        .where(
          inArray(
            payouts.batchId,
            rows.map(({ batch }) => batch.id),
          ),
        )
        .groupBy(payouts.batchId, payouts.status)
    : [];
  return {
    data: rows.map(({ batch }) =>
      batchView(
        batch,
        counts.filter((row) => row.batchId === batch.id),
      ),
    ),
    ...total,
    nextCursor: page.nextCursor(rows.map(({ batch, sortKey }) => ({ id: batch.id, sortKey }))),
  };
}

export async function getBatch(db: Database, id: string): Promise<PayoutBatchView> {
  const [batch] = await db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.id, id)));
  if (!batch) throw new AppError('not_found', 'Payout batch not found');
  return toBatchView(db, batch);
}
