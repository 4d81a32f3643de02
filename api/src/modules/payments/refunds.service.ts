import type { Database } from '@kollab/db';
import { type PaymentRefund, paymentReceipts, paymentRefunds, payments, type User } from '@kollab/db/schema';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { postRefund, postRefundFailed } from '../ledger/escrow.ts';
import { type CardDeps, providerError } from './card.service.ts';
import { runHooks } from './payment-hooks.ts';
import { availableCredit } from './payments.service.ts';

/**
 * Spreads a refund of `amountOre` over the brand's payments in the order given, each taking what it
 * still holds (received − refunded): one refund row per payment, its credit taken at once. What no
 * payment could take is `left` (the caller refuses the request then, rolling it back).
 */
export async function allocateRefunds(
  tx: Database,
  brand: User,
  amountOre: number,
  sources: { id: string; received: string; refunded: string | null }[],
  extra: Partial<typeof paymentRefunds.$inferInsert>,
): Promise<{ rows: PaymentRefund[]; left: number }> {
  let left = amountOre;
  const rows: PaymentRefund[] = [];
  for (const source of sources) {
    const room = Number(source.received) - Number(source.refunded ?? 0);
    if (left === 0 || room <= 0) continue;
    const part = Math.min(room, left);
    const [row] = await tx
      .insert(paymentRefunds)
      .values({ ...extra, brandId: brand.id, paymentId: source.id, amountOre: part })
      .returning();
    if (!row) throw new Error('refund insert returned nothing');
    await postRefund(tx, row);
    rows.push(row);
    left -= part;
  }
  return { rows, left };
}

/**
 * Pays a brand's credit back to the cards it came from, newest card payment first, through the
 * provider's refunds (each under an idempotency key of its own refund row). The credit is taken in
 * the same transaction that writes the refund rows (a conditional debit under a row lock), so two
 * requests can never refund the same credit; a refund the provider refuses gives it back.
 * @throws validation_failed (amountOre: more_than_credit | more_than_refundable), provider errors
 */
export async function refundCredit(deps: CardDeps, brand: User, amountOre: number): Promise<PaymentRefund[]> {
  const planned = await deps.db.transaction(async (tx) => {
    if (amountOre > (await availableCredit(tx, brand.id))) {
      throw AppError.validation({ amountOre: ['more_than_credit'] }, 'More than the credit you have');
    }
    const refunded = tx
      .select({
        paymentId: paymentRefunds.paymentId,
        total: sql<string>`sum(${paymentRefunds.amountOre})`.as('total'),
      })
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.status, ['pending', 'succeeded']))
      .groupBy(paymentRefunds.paymentId)
      .as('refunded');
    const cards = await tx
      .select({
        id: payments.id,
        intent: payments.providerPaymentId,
        received: sql<string>`(select coalesce(sum(${paymentReceipts.amountOre}), 0) from ${paymentReceipts}
          where ${paymentReceipts.paymentId} = ${payments.id} and ${paymentReceipts.source} = 'card')`,
        refunded: sql<string | null>`${refunded.total}`,
      })
      .from(payments)
      .leftJoin(refunded, eq(refunded.paymentId, payments.id))
      .where(and(eq(payments.brandId, brand.id), eq(payments.method, 'card')))
      .orderBy(desc(payments.createdAt));
    const { rows, left } = await allocateRefunds(
      tx,
      brand,
      amountOre,
      cards.filter((card) => card.intent),
      {},
    );
    if (left > 0) {
      throw AppError.validation(
        { amountOre: ['more_than_refundable'] },
        'Only credit that came from a card can be refunded to it',
      );
    }
    await recordAudit(tx, brand, 'credit.refund', { type: 'user', id: brand.id }, { amountOre });
    return rows.map((row) => ({ row, intent: cards.find((card) => card.id === row.paymentId)?.intent ?? '' }));
  });
  const results: PaymentRefund[] = [];
  for (const { row, intent } of planned) results.push(await sendRefund(deps, row, intent));
  return results;
}

async function sendRefund(deps: CardDeps, row: PaymentRefund, intent: string): Promise<PaymentRefund> {
  try {
    const refund = await deps.gateway.stripe.refunds.create(
      { payment_intent: intent, amount: row.amountOre, metadata: { kollab_refund_id: row.id } },
      { idempotencyKey: `kollab-refund-${row.id}` },
    );
    const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
    return await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(paymentRefunds)
        .set({ status, providerRefundId: refund.id })
        .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
        .returning();
      if (updated?.status === 'failed') await postRefundFailed(tx, updated);
      if (updated?.status === 'succeeded') await runHooks('refundSucceeded', tx, updated);
      if (updated) return updated;
      // The provider's webhook got there first and settled it.
      const [current] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, row.id));
      return current ?? row;
    });
  } catch (error) {
    const failure = providerError(error);
    // A timeout leaves the refund pending (its webhook or a retry under the same key settles it);
    // a refusal gives the credit back.
    if (failure.code !== 'payment_provider_timeout') {
      await deps.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(paymentRefunds)
          .set({ status: 'failed', failureCode: failure.fields?.card?.[0] ?? failure.code })
          .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
          .returning();
        if (failed) await postRefundFailed(tx, failed);
      });
    }
    deps.logger?.warn({ err: error, refundId: row.id }, 'refund not made');
    throw failure;
  }
}
