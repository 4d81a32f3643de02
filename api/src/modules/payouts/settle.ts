import type { Database } from '@kollab/db';
import {
  type PaymentRefund,
  type Payout,
  paymentRefunds,
  payouts,
  type Withdrawal,
  withdrawals,
} from '@kollab/db/schema';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { postRefundFailed } from '../ledger/escrow.ts';
import { PLATFORM, post } from '../ledger/ledger.service.ts';
import { notifyWithdrawalPaid } from '../notifications/notifications.service.ts';
import { runHooks } from '../payments/payment-hooks.ts';

/** The reference a payout travels under: EndToEndId in pain.001, payerPaymentReference at Swish. */
export const endToEndIdOf = (withdrawalId: string) => `KW${withdrawalId.toUpperCase()}`;

/**
 * Marks a requested withdrawal sent and records its payout, in the caller's transaction. Only a
 * requested withdrawal past its review hold can be sent, and only once (conditional update, then
 * the payouts' unique withdrawal id): null when another request got there first.
 */
export async function markSent(
  tx: Database,
  withdrawalId: string,
  payout: { rail: 'bank'; batchId: string } | { rail: 'swish'; instructionId: string },
): Promise<{ withdrawal: Withdrawal; payout: Payout } | null> {
  const endToEndId = endToEndIdOf(withdrawalId);
  const [withdrawal] = await tx
    .update(withdrawals)
    .set({ status: 'sent', reference: endToEndId })
    .where(
      and(
        eq(withdrawals.id, withdrawalId),
        eq(withdrawals.status, 'requested'),
        or(isNull(withdrawals.heldUntil), lte(withdrawals.heldUntil, new Date())),
      ),
    )
    .returning();
  if (!withdrawal) return null;
  const [row] = await tx
    .insert(payouts)
    .values({
      withdrawalId,
      rail: payout.rail,
      batchId: payout.rail === 'bank' ? payout.batchId : null,
      instructionId: payout.rail === 'swish' ? payout.instructionId : null,
      endToEndId,
      amountOre: withdrawal.amountOre,
    })
    .returning();
  if (!row) throw new Error('payout insert returned nothing');
  return { withdrawal, payout: row };
}

export type SettleOutcome =
  | { status: 'paid'; reference: string | null }
  | { status: 'returned'; reason: string | null };

/** What a settlement changed: the creator's withdrawal, or the brand's bank refund. */
export type Settled = { withdrawal: Withdrawal; refund: null } | { withdrawal: null; refund: PaymentRefund };

/**
 * Settles a sent payout from the bank's or Swish's answer, at most once per outcome: paid moves
 * the money out (pending → platform cash); returned gives it back to the creator's available
 * balance, from pending, or from platform cash when the bank first said paid. A return wins over
 * a later or repeated "paid"; the same answer twice changes nothing. A brand's bank refund is
 * settled the same way (`settleRefund`). Returns what this call changed, else null.
 */
export async function settlePayout(
  tx: Database,
  actor: Actor,
  endToEndId: string,
  outcome: SettleOutcome,
): Promise<Settled | null> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.endToEndId, endToEndId)).for('update');
  if (!payout) return null;
  const allowed: Payout['status'][] = outcome.status === 'paid' ? ['sent'] : ['sent', 'paid'];
  if (!allowed.includes(payout.status)) return null;
  const now = new Date();
  await tx
    .update(payouts)
    .set(
      outcome.status === 'paid'
        ? { status: 'paid', settledAt: now, settlementReference: outcome.reference }
        : { status: 'returned', settledAt: now, returnReason: outcome.reason },
    )
    .where(and(eq(payouts.id, payout.id), inArray(payouts.status, allowed)));
  if (payout.refundId) {
    const refund = await settleRefund(tx, payout.refundId, outcome);
    await recordAudit(
      tx,
      actor,
      `payout.${outcome.status}`,
      { type: 'refund', id: payout.refundId },
      {
        endToEndId,
        ...outcome,
      },
    );
    return refund ? { withdrawal: null, refund } : null;
  }
  const [withdrawal] = await tx
    .update(withdrawals)
    .set(
      outcome.status === 'paid'
        ? { status: 'paid', settledAt: now }
        : { status: 'returned', settledAt: now, reason: outcome.reason },
    )
    .where(and(eq(withdrawals.id, payout.withdrawalId ?? ''), inArray(withdrawals.status, ['sent', 'paid'])))
    .returning();
  if (!withdrawal) throw new Error(`withdrawal ${payout.withdrawalId} of payout ${payout.id} is not sent or paid`);
  if (outcome.status === 'paid') await notifyWithdrawalPaid(tx, withdrawal);
  const from =
    payout.status === 'paid'
      ? { account: 'platform_cash' as const, holderId: PLATFORM }
      : { account: 'creator_pending' as const, holderId: withdrawal.userId };
  await post(tx, {
    kind: `withdrawal_${outcome.status}`,
    reference: `withdrawal:${withdrawal.id}:${outcome.status}`,
    entries:
      outcome.status === 'paid'
        ? [
            { ...from, amountOre: -withdrawal.amountOre },
            { account: 'platform_cash', holderId: PLATFORM, amountOre: withdrawal.amountOre },
          ]
        : [
            { ...from, amountOre: -withdrawal.amountOre },
            { account: 'creator_available', holderId: withdrawal.userId, amountOre: withdrawal.amountOre },
          ],
  });
  await recordAudit(
    tx,
    actor,
    `payout.${outcome.status}`,
    { type: 'withdrawal', id: withdrawal.id },
    {
      rail: payout.rail,
      endToEndId,
      ...outcome,
    },
  );
  return { withdrawal, refund: null };
}

/**
 * A brand's bank refund (its credit left when it was requested): paid is the refund succeeded
 * (billing issues its credit note); returned gives the credit back (a balanced posting with a
 * unique reference, as a card refund the provider refuses does).
 */
async function settleRefund(tx: Database, refundId: string, outcome: SettleOutcome): Promise<PaymentRefund | null> {
  const [refund] = await tx
    .update(paymentRefunds)
    .set(
      outcome.status === 'paid'
        ? { status: 'succeeded' }
        : { status: 'failed', failureCode: outcome.reason ?? 'RETURNED' },
    )
    .where(
      and(
        eq(paymentRefunds.id, refundId),
        inArray(paymentRefunds.status, outcome.status === 'paid' ? ['pending'] : ['pending', 'succeeded']),
      ),
    )
    .returning();
  if (!refund) return null;
  if (refund.status === 'succeeded') await runHooks('refundSucceeded', tx, refund);
  else await postRefundFailed(tx, refund);
  return refund;
}
