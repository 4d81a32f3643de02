import Stripe from 'stripe';
import type { Env } from '../../env.ts';

/**
 * The payment provider, spoken through the official Stripe client (ADR 024): the real Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the payments stand-in that whoever starts the API started on a
 * loopback port (scripts/start.ts, or a test). The client's host, port and protocol options point
 * it at STRIPE_API_URL, so the same code path runs against both.
 */
export interface PaymentGateway {
  stripe: Stripe;
  webhookSecret: string;
  /** How old a webhook's signature may be, in seconds. */
  toleranceSeconds: number;
  /** True while the stand-in answers (no STRIPE_SECRET_KEY). */
  standIn: boolean;
}

export interface PaymentsStandInHandle {
  url: string;
  secretKey: string;
  webhookSecret: string;
}

export function createPaymentGateway(env: Env, options: { standIn?: PaymentsStandInHandle } = {}): PaymentGateway {
  const standIn = !env.STRIPE_SECRET_KEY;
  if (standIn && !options.standIn) throw new Error('Without STRIPE_SECRET_KEY the payments stand-in must be running');
  const url = new URL(standIn ? (options.standIn?.url ?? '') : env.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(env.STRIPE_SECRET_KEY ?? options.standIn?.secretKey ?? '', {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: env.STRIPE_TIMEOUT_MS,
    // One retry of a failed connection, under the same idempotency key (the client adds one).
    maxNetworkRetries: 1,
    telemetry: false,
  });
  return {
    stripe,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? options.standIn?.webhookSecret ?? '',
    toleranceSeconds: env.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    standIn,
  };
}
