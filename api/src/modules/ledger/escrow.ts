import type { Database } from '@kollab/db';
import { balances, type Claim, postings } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { recordEarning } from '../tax/earnings.service.ts';
import { type Entry, PLATFORM, post } from './ledger.service.ts';

/**
 * The postings of brand money (ADR 024). Signs follow the ledger's convention (ADR 007): what Kollab
 * owes or earns is positive (creator and brand balances, escrow, fee revenue, output VAT), money it
 * holds is negative on `platform_cash`. Every posting has a unique reference, so each event moves
 * money once however often it is reported.
 */

const nonZero = (entries: Entry[]) => entries.filter((entry) => entry.amountOre !== 0);

/** Money received for a payment (a card charge, a bank line, a manual mark) becomes the brand's credit. */
export async function postReceipt(
  tx: Database,
  receipt: { paymentId: string; brandId: string; amountOre: number; source: string; reference: string },
): Promise<boolean> {
  return post(tx, {
    kind: 'payment_received',
    reference: `payment:${receipt.paymentId}:receipt:${receipt.source}:${receipt.reference}`,
    entries: [
      { account: 'platform_cash', holderId: PLATFORM, amountOre: -receipt.amountOre },
      { account: 'brand_credit', holderId: receipt.brandId, amountOre: receipt.amountOre },
    ],
  });
}

/**
 * Funds a campaign from the brand's credit: the creator budget into the campaign's escrow, the fee
 * to Kollab's revenue and the moms on it to output VAT. Fails with `insufficient_funds` when the
 * brand's credit does not cover the total (nothing is posted then).
 */
export async function postFunding(
  tx: Database,
  payment: {
    id: string;
    brandId: string;
    campaignId: string;
    creatorBudgetOre: number;
    feeOre: number;
    vatOre: number;
  },
): Promise<boolean> {
  const total = payment.creatorBudgetOre + payment.feeOre + payment.vatOre;
  return post(tx, {
    kind: 'campaign_funded',
    reference: `payment:${payment.id}:funded`,
    entries: nonZero([
      { account: 'brand_credit', holderId: payment.brandId, amountOre: -total },
      { account: 'campaign_escrow', holderId: payment.campaignId, amountOre: payment.creatorBudgetOre },
      { account: 'platform_fee_revenue', holderId: PLATFORM, amountOre: payment.feeOre },
      { account: 'platform_vat_output', holderId: PLATFORM, amountOre: payment.vatOre },
    ]),
  });
}

type ClaimMoney = Pick<Claim, 'id' | 'campaignId' | 'creatorId' | 'payoutOre'>;

/**
 * Promises a claim's payout from its campaign's escrow when the claim takes a slot. The escrow row
 * is debited conditionally (and locked), so concurrent approvals never promise more than was paid.
 * @throws not_funded when the escrow left does not cover the payout
 */
export async function reserveClaimPayout(tx: Database, claim: ClaimMoney): Promise<void> {
  try {
    await post(tx, {
      kind: 'claim_reserved',
      reference: `claim:${claim.id}:reserved`,
      entries: [
        { account: 'campaign_escrow', holderId: claim.campaignId, amountOre: -claim.payoutOre },
        { account: 'campaign_reserved', holderId: claim.campaignId, amountOre: claim.payoutOre },
      ],
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') {
      throw new AppError('not_funded', 'The campaign has no funded money left for another creator');
    }
    throw error;
  }
}

async function posted(tx: Database, reference: string): Promise<boolean> {
  const [row] = await tx.select({ id: postings.id }).from(postings).where(eq(postings.reference, reference));
  return Boolean(row);
}

/**
 * Gives a claim's promised payout back when the claim stops holding a slot (rejected, cancelled):
 * to the campaign's escrow, or to the brand's credit once the campaign's escrow is closed.
 * Nothing happens for a claim that never had a reservation.
 */
export async function releaseClaimPayout(
  tx: Database,
  claim: ClaimMoney,
  campaign: { brandId: string; escrowClosed: boolean },
): Promise<boolean> {
  if (!(await posted(tx, `claim:${claim.id}:reserved`))) return false;
  return post(tx, {
    kind: 'claim_released',
    reference: `claim:${claim.id}:released`,
    entries: [
      { account: 'campaign_reserved', holderId: claim.campaignId, amountOre: -claim.payoutOre },
      campaign.escrowClosed
        ? { account: 'brand_credit', holderId: campaign.brandId, amountOre: claim.payoutOre }
        : { account: 'campaign_escrow', holderId: claim.campaignId, amountOre: claim.payoutOre },
    ],
  });
}

/**
 * Pays an accepted claim's payout from its campaign's reserved escrow, once per claim (ADR 028).
 * The payout is split by the creator's tax status at this moment (stored in `creator_earnings`):
 * a private person gets the net, the withheld tax and the employer contributions become owed to
 * Skatteverket; an F-skatt creator gets the whole payout, plus moms (Kollab's input VAT) when
 * VAT-registered. False when the claim was credited before.
 * @throws not_funded when nothing was reserved for it
 */
export async function creditAcceptedClaim(tx: Database, claim: ClaimMoney, at = new Date()): Promise<boolean> {
  const earning = await recordEarning(tx, claim, at);
  if (!earning) return false;
  try {
    return await post(tx, {
      kind: 'claim_accepted',
      reference: `claim:${claim.id}:accepted`,
      entries: nonZero([
        { account: 'campaign_reserved', holderId: claim.campaignId, amountOre: -earning.payoutOre },
        { account: 'creator_available', holderId: claim.creatorId, amountOre: earning.netOre + earning.vatOre },
        { account: 'platform_tax_withheld', holderId: PLATFORM, amountOre: earning.taxOre },
        { account: 'platform_employer_contributions', holderId: PLATFORM, amountOre: earning.contributionsOre },
        { account: 'platform_vat_input', holderId: PLATFORM, amountOre: -earning.vatOre },
      ]),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') {
      throw new AppError('not_funded', 'Nothing was set aside in escrow for this claim');
    }
    throw error;
  }
}

/** Returns what is left unpromised in a campaign's escrow to the brand's credit; the amount returned. */
export async function returnEscrow(tx: Database, campaign: { id: string; brandId: string }): Promise<number> {
  // Locks the escrow row, so an approval cannot take from it between the read and the posting.
  const [row] = await tx
    .select({ amountOre: balances.amountOre })
    .from(balances)
    .where(and(eq(balances.holderId, campaign.id), eq(balances.account, 'campaign_escrow')))
    .for('update');
  const left = row?.amountOre ?? 0;
  if (left <= 0) return 0;
  await post(tx, {
    kind: 'escrow_returned',
    reference: `campaign:${campaign.id}:escrow_returned`,
    entries: [
      { account: 'campaign_escrow', holderId: campaign.id, amountOre: -left },
      { account: 'brand_credit', holderId: campaign.brandId, amountOre: left },
    ],
  });
  return left;
}

/** Takes brand credit out for a refund to the card (reversed by `postRefundFailed` when the provider refuses). */
export async function postRefund(tx: Database, refund: { id: string; brandId: string; amountOre: number }) {
  return post(tx, {
    kind: 'credit_refunded',
    reference: `refund:${refund.id}`,
    entries: [
      { account: 'brand_credit', holderId: refund.brandId, amountOre: -refund.amountOre },
      { account: 'platform_cash', holderId: PLATFORM, amountOre: refund.amountOre },
    ],
  });
}

export async function postRefundFailed(tx: Database, refund: { id: string; brandId: string; amountOre: number }) {
  return post(tx, {
    kind: 'credit_refund_failed',
    reference: `refund:${refund.id}:failed`,
    entries: [
      { account: 'platform_cash', holderId: PLATFORM, amountOre: -refund.amountOre },
      { account: 'brand_credit', holderId: refund.brandId, amountOre: refund.amountOre },
    ],
  });
}
