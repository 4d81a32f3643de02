import type { Database } from '@kollab/db';
import type { BillingDocument } from '@kollab/db/schema';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { settlePayment } from '../payments/payments.service.ts';

export interface InvoicePayment {
  invoice: BillingDocument;
  /** The part of the payment applied to this invoice, öre. */
  amountOre: number;
  /** The bank's reference of the payment line; null when an admin marked the invoice paid. */
  bankReference: string | null;
  source: 'bgmax' | 'camt054' | 'manual';
  /** Whether this payment completed the invoice. */
  completes: boolean;
  actor: Actor;
}

/**
 * Money came in for an invoice, inside the import's (or mark-paid's) transaction: recorded in the
 * audit log; when the invoice is paid in full, the brand's payment is settled (ADR 024).
 */
export async function applyInvoicePayment(tx: Database, payment: InvoicePayment): Promise<void> {
  await recordAudit(
    tx,
    payment.actor,
    payment.completes ? 'invoice.paid' : 'invoice.part_paid',
    { type: 'invoice', id: payment.invoice.id },
    { amountOre: payment.amountOre, source: payment.source, bankReference: payment.bankReference },
  );
  // The brand's payment behind the invoice: money in, and once in full, escrow, fee and moms.
  if (payment.invoice.paymentRef) {
    await settlePayment(tx, {
      paymentId: payment.invoice.paymentRef,
      amountOre: payment.amountOre,
      source: payment.source,
      reference: payment.bankReference ?? `invoice:${payment.invoice.id}:marked_paid`,
    });
  }
}
