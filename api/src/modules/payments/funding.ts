import type { Database } from '@kollab/db';
import { type Campaign, type Payment, payments } from '@kollab/db/schema';
import { settlePayment } from './payments.service.ts';
import { priceOf, vatBasisPointsOn } from './pricing.ts';

/**
 * Funds a campaign as if its brand had paid the whole price already (no credit used): a `funding`
 * payment for all its slots, settled in full from `source`/`reference`. The demo seed funds its live
 * campaigns this way and tests fund the campaigns they insert, so their ledger is what a real
 * payment leaves behind (escrow, fee, moms, the receipt). A draft campaign goes live unless
 * `publish` is false.
 */
export async function fundCampaignInFull(
  tx: Database,
  campaign: Pick<Campaign, 'id' | 'brandId' | 'slots' | 'payoutOre'>,
  options: {
    feeBasisPoints: number;
    method?: Payment['method'];
    source: string;
    reference: string;
    /** Whether a draft goes live once funded (default true). */
    publish?: boolean;
  },
): Promise<Payment> {
  const price = priceOf({
    slots: campaign.slots,
    payoutOre: campaign.payoutOre,
    feeBasisPoints: options.feeBasisPoints,
    vatBasisPoints: await vatBasisPointsOn(tx, new Date().toISOString().slice(0, 10)),
    availableCreditOre: 0,
  });
  const [payment] = await tx
    .insert(payments)
    .values({
      brandId: campaign.brandId,
      campaignId: campaign.id,
      purpose: 'funding',
      method: options.method ?? 'invoice',
      status: 'awaiting_payment',
      slots: price.slots,
      payoutOre: price.payoutOre,
      creatorBudgetOre: price.creatorBudgetOre,
      feeBasisPoints: price.feeBasisPoints,
      feeOre: price.feeOre,
      vatBasisPoints: price.vatBasisPoints,
      vatOre: price.vatOre,
      amountOre: price.amountDueOre,
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  const settled = await settlePayment(tx, {
    paymentId: payment.id,
    amountOre: payment.amountOre,
    source: options.source,
    reference: options.reference,
    publish: options.publish ?? true,
  });
  return settled.payment;
}
