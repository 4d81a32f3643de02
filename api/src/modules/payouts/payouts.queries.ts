import type { BlockedPayeeView, ListPayoutsQuery, PayoutView } from '@kollab/contract/api/payouts';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { Database } from '@kollab/db';
import { paymentMethods, paymentRefunds, payouts, users, withdrawals } from '@kollab/db/schema';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { sortWithTiesInOrder } from '../../lib/keyset.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { pageOf, type Total, type Window } from '../admin/list-query.ts';
import { creditorAccount } from './creditor.ts';
import { swishPayee } from './swish.service.ts';

/**
 * Admin: payouts by rail, batch and status, newest first, by keyset pages over the
 * `(created_at, id)` index (ADR 036, as the payments table).
 */
export async function listPayouts(
  db: Database,
  query: ListPayoutsQuery,
  window: Window,
): Promise<{ data: PayoutView[]; nextCursor: string | null } & Total> {
  const where = and(
    query.rail ? eq(payouts.rail, query.rail) : undefined,
    query.batchId ? eq(payouts.batchId, query.batchId) : undefined,
    query.status ? eq(payouts.status, query.status) : undefined,
  );
  const sort = sortWithTiesInOrder(query, payouts.createdAt, payouts.id);
  const ids = (after?: SQL) => db.select({ id: payouts.id }).from(payouts).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({ payout: payouts, withdrawal: withdrawals, user: users, sortKey: page.sortKey })
      .from(payouts)
      .leftJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
      .leftJoin(paymentRefunds, eq(paymentRefunds.id, payouts.refundId))
      // The payee: the creator of a withdrawal, or the brand of a bank refund.
      .innerJoin(users, eq(users.id, sql`coalesce(${withdrawals.userId}, ${paymentRefunds.brandId})`))
      .where(inArray(payouts.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  return {
    ...total,
    nextCursor: page.nextCursor(rows.map(({ payout, sortKey }) => ({ id: payout.id, sortKey }))),
    data: rows.map(({ payout, withdrawal, user }) => ({
      id: payout.id,
      withdrawalId: payout.withdrawalId,
      refundId: payout.refundId,
      rail: payout.rail,
      endToEndId: payout.endToEndId,
      amountOre: payout.amountOre,
      status: payout.status,
      returnReason: payout.returnReason,
      settledAt: payout.settledAt?.toISOString() ?? null,
      createdAt: payout.createdAt.toISOString(),
      creator: { id: user.id, name: user.fullName, email: user.email },
      method: withdrawal?.paymentMethodMasked ?? null,
    })),
  };
}

/**
 * Requested withdrawals that cannot be paid now, and why: held for review, a Swish payee without
 * a verified personal number or with an unusable number, a bank payee whose account details fail
 * the checks or whose method was deleted. PayPal is paid by hand and never blocked here.
 */
export async function listBlockedPayees(db: Database, secrets: Secrets): Promise<BlockedPayeeView[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, user: users, method: paymentMethods })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, withdrawals.paymentMethodId))
    .where(eq(withdrawals.status, 'requested'))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(1000);
  const now = new Date();
  const blocked: BlockedPayeeView[] = [];
  for (const { withdrawal, user, method } of rows) {
    let problem: BlockedPayeeView['problem'] | null = null;
    if (withdrawal.heldUntil && withdrawal.heldUntil > now) problem = 'held_for_review';
    else if (withdrawal.paymentMethodType === 'swish') {
      const payee = swishPayee(secrets.encryptionKey, user, method);
      if (!payee.ok) problem = payee.problem;
    } else if (withdrawal.paymentMethodType !== 'paypal') {
      const creditor = creditorAccount(secrets.encryptionKey, method);
      if (!creditor.ok) problem = creditor.problem === 'method_deleted' ? 'method_deleted' : 'invalid_account_details';
    }
    if (!problem) continue;
    blocked.push({
      id: withdrawal.id,
      withdrawalId: withdrawal.id,
      amountOre: withdrawal.amountOre,
      method: withdrawal.paymentMethodMasked,
      paymentMethodType: withdrawal.paymentMethodType,
      problem,
      heldUntil: withdrawal.heldUntil?.toISOString() ?? null,
      createdAt: withdrawal.createdAt.toISOString(),
      creator: { id: user.id, name: user.fullName, email: user.email },
    });
  }
  return blocked;
}
