import type { CardBody } from '@kollab/contract/api/payments';
import type { Database } from '@kollab/db';
import { campaigns, type Payment, payments, type User } from '@kollab/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { mailInvitations } from '../campaigns/publishing.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { OPEN_STATUSES, type SettleResult, settlePayment } from './payments.service.ts';

export interface CardDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  logger?: Logger;
  gateway: PaymentGateway;
}

/** A payment with the 3-D Secure page its PaymentIntent waits on, if any. */
export interface PaymentWithAction {
  payment: Payment;
  nextActionUrl: string | null;
}

/**
 * Turns a provider failure into Kollab's errors: a declined card (402, with the decline reason in
 * `fields.card`), a timeout or lost connection (504), anything else (502). No money moved.
 */
export function providerError(error: unknown): AppError {
  const type = (error as { type?: string }).type;
  if (type === 'StripeCardError') {
    const card = error as { code?: string; decline_code?: string };
    const reason = card.decline_code ?? card.code ?? 'card_declined';
    return new AppError('card_declined', `The card was declined (${reason})`, { fields: { card: [reason] } });
  }
  if (type === 'StripeConnectionError') {
    return new AppError('payment_provider_timeout', 'The payment provider did not answer in time');
  }
  return new AppError('payment_provider_error', 'The payment provider failed; no money was moved');
}

async function ownOpenCardPayment(db: Database, brand: User, paymentId: string): Promise<Payment> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.brandId, brand.id)));
  if (!payment) throw new AppError('not_found', 'Payment not found');
  if (payment.method !== 'card') throw new AppError('conflict', 'This payment is not paid by card');
  return payment;
}

function redirectOf(intent: Stripe.PaymentIntent): string | null {
  return intent.status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? null) : null;
}

/**
 * Brings a payment in line with its PaymentIntent: a succeeded one is settled (once, by the intent's
 * id, whether this or the webhook gets there first), one waiting for 3-D Secure is marked so, a
 * declined one keeps its decline code, a cancelled one is cancelled.
 */
export async function applyIntent(deps: CardDeps, paymentId: string, intent: Stripe.PaymentIntent) {
  if (intent.status === 'succeeded') {
    const result = await deps.db.transaction((tx) =>
      settlePayment(tx, { paymentId, amountOre: intent.amount_received, source: 'card', reference: intent.id }),
    );
    await afterSettle(deps, result);
    return result.payment;
  }
  const changes: Partial<Payment> =
    intent.status === 'requires_action'
      ? { status: 'requires_action', failureCode: null }
      : intent.status === 'canceled'
        ? { status: 'cancelled' }
        : {
            status: 'pending',
            failureCode: intent.last_payment_error
              ? (intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? 'card_declined')
              : null,
          };
  const [row] = await deps.db
    .update(payments)
    .set(changes)
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.status, ['pending', 'requires_action']),
        eq(payments.receivedOre, 0),
      ),
    )
    .returning();
  if (row) return row;
  const [current] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!current) throw new AppError('not_found', 'Payment not found');
  return current;
}

/** Mails the creators a payment's campaign invited when it went live (after the commit). */
export async function afterSettle(deps: CardDeps, result: SettleResult): Promise<void> {
  if (!result.invited.length) return;
  const [campaign] = await deps.db
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, result.payment.campaignId));
  await mailInvitations(deps, campaign?.title ?? '', result.invited).catch((error: unknown) =>
    deps.logger?.error({ err: error, paymentId: result.payment.id }, 'invitation mails not all sent'),
  );
}

/**
 * Pays an open card payment: one PaymentIntent per payment (created under an idempotency key, so a
 * retry after a timeout finds the same one), confirmed with the card. An intent that already
 * succeeded, is processing or waits for 3-D Secure is never confirmed again, so a card is charged
 * at most once per payment.
 * @throws not_found, conflict (not open), card_declined, payment_provider_timeout, payment_provider_error
 */
export async function payByCard(
  deps: CardDeps,
  brand: User,
  paymentId: string,
  input: CardBody,
): Promise<PaymentWithAction> {
  const payment = await ownOpenCardPayment(deps.db, brand, paymentId);
  if (!(OPEN_STATUSES as readonly string[]).includes(payment.status)) {
    throw new AppError('conflict', `Payment is ${payment.status}`);
  }
  const { stripe } = deps.gateway;
  try {
    let intent = payment.providerPaymentId
      ? await stripe.paymentIntents.retrieve(payment.providerPaymentId)
      : await stripe.paymentIntents.create(
          {
            amount: payment.amountOre,
            currency: 'sek',
            allowed_payment_method_types: ['card'],
            description: `Kollab campaign ${payment.campaignId}`,
            metadata: { kollab_payment_id: payment.id, kollab_campaign_id: payment.campaignId },
          },
          { idempotencyKey: `kollab-payment-${payment.id}` },
        );
    if (!payment.providerPaymentId) {
      await deps.db.update(payments).set({ providerPaymentId: intent.id }).where(eq(payments.id, payment.id));
    }
    if (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') {
      const method = input.paymentMethodId
        ? input.paymentMethodId
        : (
            await stripe.paymentMethods.create({
              type: 'card',
              card: {
                number: input.card?.number ?? '',
                exp_month: input.card?.expMonth ?? 0,
                exp_year: input.card?.expYear ?? 0,
                cvc: input.card?.cvc ?? '',
              },
            })
          ).id;
      intent = await stripe.paymentIntents.confirm(intent.id, {
        payment_method: method,
        return_url: `${deps.env.PUBLIC_URL}/app/billing/payments/${payment.id}`,
      });
    }
    return { payment: await applyIntent(deps, payment.id, intent), nextActionUrl: redirectOf(intent) };
  } catch (error) {
    const failure = providerError(error);
    if (failure.code === 'card_declined') {
      const intent = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw?.payment_intent;
      const code = failure.fields?.card?.[0] ?? 'card_declined';
      await deps.db
        .update(payments)
        .set({ failureCode: code, ...(intent ? { providerPaymentId: intent.id } : {}) })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'requires_action'])));
    }
    deps.logger?.warn({ err: error, paymentId: payment.id, code: failure.code }, 'card payment failed');
    throw failure;
  }
}

/**
 * A brand's payment, with a card payment's status checked against the provider first (a missed or
 * late webhook cannot leave it waiting). A provider failure here only leaves the stored status.
 */
export async function refreshPayment(deps: CardDeps, brand: User, paymentId: string): Promise<PaymentWithAction> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.brandId, brand.id)));
  if (!payment) throw new AppError('not_found', 'Payment not found');
  const waiting = payment.status === 'pending' || payment.status === 'requires_action';
  if (payment.method !== 'card' || !payment.providerPaymentId || !waiting) {
    return { payment, nextActionUrl: null };
  }
  try {
    const intent = await deps.gateway.stripe.paymentIntents.retrieve(payment.providerPaymentId);
    return { payment: await applyIntent(deps, payment.id, intent), nextActionUrl: redirectOf(intent) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger?.warn({ err: error, paymentId }, 'payment status not checked with the provider');
    return { payment, nextActionUrl: null };
  }
}
