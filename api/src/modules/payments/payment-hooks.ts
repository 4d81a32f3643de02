import type { Database } from '@kollab/db';
import type { Payment, PaymentReceipt, PaymentRefund } from '@kollab/db/schema';
import { billingPaymentHooks } from '../billing/billing.hooks.ts';
import { notificationPaymentHooks } from '../notifications/notifications.hooks.ts';

/**
 * What other modules do when money moves, inside the same transaction (so an invoice number and
 * its payment commit together or not at all). Registering is adding to `PAYMENT_HOOKS` here, as
 * jobs are added to `jobs/registry.ts`: billing adds its invoice, receipt and credit-note issuers,
 * notifications the brand's "payment received" (ADR 039).
 * A hook that throws rolls the whole operation back.
 */
export interface PaymentHooks {
  /** An invoice payment was created (status `awaiting_payment`): issue the invoice for it. */
  invoicePaymentCreated?(tx: Database, payment: Payment): Promise<void>;
  /** Money was received for a payment (once per receipt); `payment` is as after it. */
  paymentReceived?(tx: Database, payment: Payment, receipt: PaymentReceipt): Promise<void>;
  /** A payment is now fully paid and its money is in escrow, fee and moms. */
  paymentPaid?(tx: Database, payment: Payment): Promise<void>;
  /** Brand credit was refunded to a card (status `succeeded`). */
  refundSucceeded?(tx: Database, refund: PaymentRefund): Promise<void>;
}

export const PAYMENT_HOOKS: PaymentHooks[] = [billingPaymentHooks, notificationPaymentHooks];

export async function runHooks<K extends keyof PaymentHooks>(
  name: K,
  ...args: Parameters<NonNullable<PaymentHooks[K]>>
): Promise<void> {
  for (const hooks of PAYMENT_HOOKS) {
    const hook = hooks[name] as ((...a: typeof args) => Promise<void>) | undefined;
    if (hook) await hook(...args);
  }
}
