import { createHmac, randomBytes } from 'node:crypto';

/** A Stripe event as delivered to a webhook endpoint. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
}

export const API_VERSION = '2026-10-28.clover';

export function newEvent(type: string, object: Record<string, unknown>): StripeEvent {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/**
 * The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload"
 * with the endpoint's signing secret>` (docs.stripe.com/webhooks#verify-manually).
 */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export type Deliver = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Posts an event to the endpoint, signed, retrying a failed delivery a few times (Stripe retries
 * for days; the stand-in for a few seconds). Resolves with the last status, never rejects.
 */
export async function deliverEvent(
  event: StripeEvent,
  target: { url: string; secret: string; deliver: Deliver; retryDelaysMs?: number[] },
): Promise<number> {
  const payload = JSON.stringify(event, null, 2);
  const delays = target.retryDelaysMs ?? [200, 1000, 3000];
  let status = 0;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    try {
      const res = await target.deliver(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, target.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      status = res.status;
      await res.body?.cancel();
      if (res.ok) return status;
    } catch {
      status = 0;
    }
    const wait = delays[attempt];
    if (wait === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return status;
}
