import { stockholmDate } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import {
  brandProfiles,
  type Campaign,
  campaigns,
  type Payment,
  paymentReceipts,
  payments,
  type User,
} from '@kollab/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { publishInTransaction } from '../campaigns/publishing.service.ts';
import { postFunding, postReceipt } from '../ledger/escrow.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { isEscrowClosed, isFunded, markFunded } from './escrow-lifecycle.ts';
import { runHooks } from './payment-hooks.ts';
import { feeBasisPoints, type Price, priceOf, vatBasisPointsOn } from './pricing.ts';

/** Payments still waiting for money; a campaign has at most one (a partial unique index). */
export const OPEN_STATUSES = ['pending', 'requires_action', 'awaiting_payment', 'partially_paid'] as const;

type Purpose = Payment['purpose'];

/** Brand credit not yet promised to an open payment. */
export async function availableCredit(db: Database, brandId: string): Promise<number> {
  const [held] = await db
    .select({ total: sql<string | null>`sum(${payments.creditAppliedOre})` })
    .from(payments)
    .where(and(eq(payments.brandId, brandId), inArray(payments.status, [...OPEN_STATUSES])));
  return Math.max(0, (await balanceOf(db, brandId, 'brand_credit')) - Number(held?.total ?? 0));
}

function today(): string {
  const { year, month, day } = stockholmDate(new Date());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What funding a campaign costs: all its slots while it is a draft (`funding`), or `slots` more
 * for a live one (`top_up`), at the configured fee and today's moms rate, less available credit.
 * @throws conflict (already funded, cancelled, escrow closed), validation_failed (slots)
 */
export async function quoteFor(
  db: Database,
  env: Env,
  campaign: Campaign,
  topUpSlots?: number,
): Promise<{ purpose: Purpose; price: Price }> {
  const purpose: Purpose = campaign.status === 'draft' ? 'funding' : 'top_up';
  if (campaign.status === 'cancelled') throw new AppError('conflict', 'A cancelled campaign cannot be paid for');
  if (purpose === 'funding' && (await isFunded(db, campaign.id))) {
    throw new AppError('conflict', 'This campaign is already paid for');
  }
  if (purpose === 'top_up') {
    if (!topUpSlots) throw AppError.validation({ slots: ['required'] }, 'Say how many slots to add');
    if (await isEscrowClosed(db, campaign.id)) throw new AppError('conflict', 'This campaign has ended');
  }
  const price = priceOf({
    slots: purpose === 'funding' ? campaign.slots : (topUpSlots ?? 0),
    payoutOre: campaign.payoutOre,
    feeBasisPoints: feeBasisPoints(env),
    vatBasisPoints: await vatBasisPointsOn(db, today()),
    availableCreditOre: await availableCredit(db, campaign.brandId),
  });
  return { purpose, price };
}

/**
 * Creates a brand's payment for its campaign at the quoted price. A card payment starts `pending`
 * (the card is confirmed next); an invoice payment starts `awaiting_payment` and billing issues its
 * invoice in this transaction (hook `invoicePaymentCreated`). When credit covers everything, the
 * campaign is funded (and goes live) at once.
 * @throws not_found, forbidden (unverified e-mail), conflict (open payment, not payable),
 *   validation_failed (ended, slots, no organisation number for an invoice)
 */
export async function createPayment(
  tx: Database,
  env: Env,
  brand: User,
  campaignId: string,
  input: { method: Payment['method']; slots?: number | undefined },
): Promise<Payment> {
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.brandId, brand.id)))
    .for('update');
  if (!campaign) throw new AppError('not_found', 'Campaign not found');
  if (!brand.emailVerifiedAt) throw new AppError('forbidden', 'Verify your e-mail address before paying');
  if (campaign.endsAt <= new Date()) throw AppError.validation({ endsAt: ['in_the_past'] });
  if (input.method === 'invoice') {
    const [profile] = await tx.select().from(brandProfiles).where(eq(brandProfiles.userId, brand.id));
    if (!profile?.orgNumber) throw AppError.validation({ method: ['org_number_required'] });
  }
  const { purpose, price } = await quoteFor(tx, env, campaign, input.slots);
  const free = price.amountDueOre === 0;
  const [payment] = await tx
    .insert(payments)
    .values({
      brandId: brand.id,
      campaignId,
      purpose,
      method: input.method,
      status: input.method === 'invoice' && !free ? 'awaiting_payment' : 'pending',
      slots: price.slots,
      payoutOre: price.payoutOre,
      creatorBudgetOre: price.creatorBudgetOre,
      feeBasisPoints: price.feeBasisPoints,
      feeOre: price.feeOre,
      vatBasisPoints: price.vatBasisPoints,
      vatOre: price.vatOre,
      creditAppliedOre: price.creditAppliedOre,
      amountOre: price.amountDueOre,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) throw new AppError('conflict', 'A payment for this campaign is already under way');
  await recordAudit(
    tx,
    brand,
    'payment.create',
    { type: 'payment', id: payment.id },
    { method: input.method, purpose },
  );
  if (free) return (await completeIfCovered(tx, payment)).payment;
  if (input.method === 'invoice') await runHooks('invoicePaymentCreated', tx, payment);
  return payment;
}

export interface SettleResult {
  payment: Payment;
  /** False when this source and reference was counted before (a repeated webhook or bank line). */
  counted: boolean;
  /** True when this receipt made the payment fully paid. */
  paid: boolean;
  /** Creators invited when the payment put the campaign live (for their mails after commit). */
  invited: { id: string; creatorId: string; respondBy: Date }[];
}

/**
 * Records money received for a payment, in the caller's transaction: a card charge (webhook or
 * status check), a bank line matched by OCR (BgMax, camt.054), an admin's manual mark. Each
 * `source` + `reference` counts once. The money becomes the brand's credit; when everything due
 * has arrived, the campaign is funded from it (escrow, fee, moms) and goes live (a top-up adds
 * its slots). Partial payments wait for the rest; an over-payment stays as brand credit.
 * @throws not_found, validation_failed (amountOre)
 */
export async function settlePayment(
  tx: Database,
  input: {
    paymentId: string;
    amountOre: number;
    source: string;
    reference: string;
    /** Whether a draft campaign goes live once paid (default true). */
    publish?: boolean;
  },
): Promise<SettleResult> {
  if (!Number.isSafeInteger(input.amountOre) || input.amountOre <= 0) {
    throw AppError.validation({ amountOre: ['invalid_amount'] });
  }
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (!payment) throw new AppError('not_found', 'Payment not found');
  const [receipt] = await tx
    .insert(paymentReceipts)
    .values({ paymentId: payment.id, amountOre: input.amountOre, source: input.source, reference: input.reference })
    .onConflictDoNothing()
    .returning();
  if (!receipt) return { payment, counted: false, paid: false, invited: [] };
  await postReceipt(tx, { ...input, brandId: payment.brandId });
  const [received] = await tx
    .update(payments)
    .set({ receivedOre: sql`${payments.receivedOre} + ${input.amountOre}` })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!received) throw new Error('payment vanished');
  await runHooks('paymentReceived', tx, received, receipt);
  const result = await completeIfCovered(tx, received, input.publish ?? true);
  return { ...result, counted: true };
}

/**
 * Funds the campaign from the brand's credit once everything due has been received. A payment
 * that is cancelled or already paid keeps the money as credit.
 */
async function completeIfCovered(
  tx: Database,
  payment: Payment,
  publish = true,
): Promise<{ payment: Payment; paid: boolean; invited: SettleResult['invited'] }> {
  const open = (OPEN_STATUSES as readonly string[]).includes(payment.status);
  if (!open) return { payment, paid: false, invited: [] };
  if (payment.receivedOre < payment.amountOre) {
    const status = payment.receivedOre > 0 ? 'partially_paid' : payment.status;
    const [row] = await tx.update(payments).set({ status }).where(eq(payments.id, payment.id)).returning();
    return { payment: row ?? payment, paid: false, invited: [] };
  }
  try {
    await postFunding(tx, payment);
  } catch (error) {
    // The credit this payment counted on was spent meanwhile: it waits for the rest.
    if (!(error instanceof AppError && error.code === 'validation_failed')) throw error;
    const [row] = await tx
      .update(payments)
      .set({ status: 'partially_paid', failureCode: 'credit_spent' })
      .where(eq(payments.id, payment.id))
      .returning();
    return { payment: row ?? payment, paid: false, invited: [] };
  }
  const now = new Date();
  const [paid] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: now, failureCode: null })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!paid) throw new Error('payment vanished');
  const invited = await applyPurpose(tx, paid, now, publish);
  await recordAudit(tx, 'system', 'payment.paid', { type: 'payment', id: paid.id }, { amountOre: paid.amountOre });
  await runHooks('paymentPaid', tx, paid);
  return { payment: paid, paid: true, invited };
}

/** A paid funding makes the campaign funded and, while it is a draft that has not ended, live; a top-up adds its slots. */
async function applyPurpose(
  tx: Database,
  payment: Payment,
  now: Date,
  publish: boolean,
): Promise<SettleResult['invited']> {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, payment.campaignId)).for('update');
  if (!campaign) throw new Error('campaign vanished');
  await markFunded(tx, campaign.id, now);
  if (payment.purpose === 'top_up') {
    await tx
      .update(campaigns)
      .set({
        slots: sql`${campaigns.slots} + ${payment.slots}`,
        budgetOre: sql`greatest(${campaigns.budgetOre}, ${campaigns.payoutOre} * (${campaigns.slots} + ${payment.slots}))`,
      })
      .where(eq(campaigns.id, campaign.id));
    return [];
  }
  if (!publish || campaign.status !== 'draft' || campaign.endsAt <= now) return [];
  return publishInTransaction(tx, campaign.id, now);
}

/**
 * Cancels an open payment that has received nothing (the brand chose another way to pay).
 * @throws not_found, conflict (money already received or not open)
 */
export async function cancelOpenPayment(tx: Database, actor: Actor, payment: Payment): Promise<Payment> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, [...OPEN_STATUSES]), eq(payments.receivedOre, 0)))
    .returning();
  if (!row) throw new AppError('conflict', 'This payment can no longer be cancelled');
  await recordAudit(tx, actor, 'payment.cancel', { type: 'payment', id: payment.id });
  return row;
}
