import { type Payment, paymentRefunds, payments, webhookEvents } from '@kollab/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { postRefundFailed } from '../ledger/escrow.ts';
import { afterSettle, type CardDeps } from './card.service.ts';
import { runHooks } from './payment-hooks.ts';
import { type SettleResult, settlePayment } from './payments.service.ts';

/**
 * Verifies a provider webhook with the official client (`Stripe-Signature`: HMAC-SHA256 with the
 * endpoint's secret, timestamp within the tolerance) and handles it once per event id: the event's
 * row and its effect commit together, so copies delivered again, or at the same time, are
 * acknowledged and change nothing. Events may arrive in any order; a later one never undoes a paid
 * payment.
 * @throws invalid_signature (missing, forged or too old)
 */
export async function handleWebhook(
  deps: CardDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ duplicate: boolean; type: string }> {
  let event: Stripe.Event;
  try {
    event = deps.gateway.stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      deps.gateway.webhookSecret,
      deps.gateway.toleranceSeconds,
    );
  } catch (error) {
    deps.logger?.warn({ err: error }, 'webhook refused: bad signature');
    throw new AppError('invalid_signature', 'The webhook signature is missing, wrong or too old');
  }
  let settled: SettleResult | null = null;
  const duplicate = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return true;
    if (event.type.startsWith('payment_intent.')) {
      const intent = event.data.object as Stripe.PaymentIntent;
      const payment = await paymentOf(tx, intent);
      if (!payment) return false;
      if (event.type === 'payment_intent.succeeded') {
        settled = await settlePayment(tx, {
          paymentId: payment.id,
          amountOre: intent.amount_received,
          source: 'card',
          reference: intent.id,
        });
      } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.requires_action') {
        const failed = event.type === 'payment_intent.payment_failed';
        await tx
          .update(payments)
          .set(
            failed
              ? {
                  status: 'pending',
                  failureCode:
                    intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'card_declined',
                }
              : { status: 'requires_action', failureCode: null },
          )
          .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'requires_action'])));
      }
    } else if (event.type === 'refund.created' || event.type === 'refund.updated') {
      const refund = event.data.object as Stripe.Refund;
      const refundId = refund.metadata?.kollab_refund_id;
      if (!refundId) return false;
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : null;
      if (!status) return false;
      const [row] = await tx
        .update(paymentRefunds)
        .set({ status, providerRefundId: refund.id })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
        .returning();
      if (row?.status === 'failed') await postRefundFailed(tx, row);
      if (row?.status === 'succeeded') await runHooks('refundSucceeded', tx, row);
    }
    return false;
  });
  if (settled) await afterSettle(deps, settled);
  return { duplicate, type: event.type };
}

async function paymentOf(tx: CardDeps['db'], intent: Stripe.PaymentIntent): Promise<Payment | undefined> {
  const id = intent.metadata?.kollab_payment_id;
  const [byId] = id ? await tx.select().from(payments).where(eq(payments.id, id)) : [];
  if (byId) return byId;
  const [byIntent] = await tx.select().from(payments).where(eq(payments.providerPaymentId, intent.id));
  return byIntent;
}
