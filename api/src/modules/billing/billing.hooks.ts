import type { Database } from '@kollab/db';
import { billingDocuments, campaigns, type Payment, type PaymentRefund, users } from '@kollab/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import type { PaymentHooks } from '../payments/payment-hooks.ts';
import { issueDocument } from './documents.service.ts';
import { fundingLines } from './lines.ts';

/**
 * Kollab's seller details for documents issued from payment hooks, which get no settings of their
 * own: `createApp` hands the validated settings over once at start (configuration, not state).
 */
let settings: Env | undefined;
export function configureBilling(env: Env): void {
  settings = env;
}
function env(): Env {
  if (!settings) throw new Error('billing is not configured (createApp calls configureBilling)');
  return settings;
}

async function context(tx: Database, payment: Pick<Payment, 'brandId' | 'campaignId'>) {
  const [row] = await tx
    .select({ locale: users.locale, title: campaigns.title })
    .from(users)
    .innerJoin(campaigns, eq(campaigns.id, payment.campaignId))
    .where(eq(users.id, payment.brandId));
  return { locale: row?.locale === 'en' ? ('en' as const) : ('sv' as const), title: row?.title ?? '' };
}

async function paymentLines(tx: Database, payment: Payment) {
  const { locale, title } = await context(tx, payment);
  const lines = fundingLines(locale, title, {
    budgetOre: payment.creatorBudgetOre,
    feeOre: payment.feeOre,
    vatOre: payment.vatOre,
    vatRateBp: payment.vatBasisPoints,
  });
  if (payment.creditAppliedOre > 0) {
    lines.push({
      item: 'credit_applied',
      description:
        locale === 'sv' ? 'Avräknad kredit från tidigare kampanjer' : 'Credit from earlier campaigns applied',
      netOre: -payment.creditAppliedOre,
      vatRateBp: 0,
      vatOre: 0,
      vatNote: null,
    });
  }
  return lines;
}

/** Billing's part when money moves (registered in `payments/payment-hooks.ts`; ADR 025). */
export const billingPaymentHooks: PaymentHooks = {
  async invoicePaymentCreated(tx, payment) {
    const lines = await paymentLines(tx, payment);
    await issueDocument(tx, env(), {
      kind: 'invoice',
      brandId: payment.brandId,
      campaignId: payment.campaignId,
      paymentRef: payment.id,
      lines,
    });
  },
  async paymentPaid(tx, payment) {
    if (payment.method !== 'card') return;
    const lines = await paymentLines(tx, payment);
    await issueDocument(tx, env(), {
      kind: 'receipt',
      brandId: payment.brandId,
      campaignId: payment.campaignId,
      paymentRef: payment.id,
      lines,
    });
  },
  async refundSucceeded(tx, refund: PaymentRefund) {
    // Refunds return brand credit (escrow left over, no moms in it) against the payment's document.
    const [original] = await tx
      .select()
      .from(billingDocuments)
      .where(
        and(eq(billingDocuments.paymentRef, refund.paymentId), inArray(billingDocuments.kind, ['invoice', 'receipt'])),
      );
    if (!original) return;
    const locale = original.locale === 'en' ? 'en' : 'sv';
    await issueDocument(tx, env(), {
      kind: 'credit_note',
      brandId: refund.brandId,
      campaignId: original.campaignId,
      paymentRef: `refund:${refund.id}`,
      creditsDocumentId: original.id,
      lines: [
        {
          item: 'creator_budget',
          description: locale === 'sv' ? 'Återbetald outnyttjad kampanjbudget' : 'Unused campaign budget refunded',
          netOre: -refund.amountOre,
          vatRateBp: 0,
          vatOre: 0,
          vatNote:
            locale === 'sv'
              ? 'Utlägg för köparens räkning, ingår inte i beskattningsunderlaget.'
              : "Disbursement on the buyer's behalf, not part of the taxable amount.",
        },
      ],
    });
  },
};
