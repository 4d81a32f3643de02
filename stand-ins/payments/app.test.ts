import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPaymentsStandIn } from './app.ts';
import type { StripeEvent } from './webhooks.ts';

function setup() {
  const received: { body: string; signature: string }[] = [];
  const standIn = createPaymentsStandIn({
    secretKey: 'sk_test_x',
    webhookSecret: 'whsec_x',
    webhookUrl: 'http://kollab.test/api/payments/webhook',
    deliver: async (_url, init) => {
      received.push({ body: String(init.body), signature: new Headers(init.headers).get('stripe-signature') ?? '' });
      return new Response('{}', { status: 200 });
    },
  });
  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    standIn.app.request(path, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });
  return { standIn, received, post };
}

describe('payments stand-in', () => {
  it('refuses a wrong key with Stripe’s error shape', async () => {
    const { standIn } = setup();
    const res = await standIn.app.request('/v1/payment_intents/pi_1', { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
    });
  });

  it('confirms pm_card_visa and signs the succeeded event as Stripe does', async () => {
    const { standIn, received, post } = setup();
    const intent = (await (
      await post('/v1/payment_intents', { amount: '1000', currency: 'sek', 'metadata[a]': 'b' })
    ).json()) as {
      id: string;
      metadata: Record<string, string>;
    };
    expect(intent.metadata).toEqual({ a: 'b' });
    const confirmed = await (
      await post(`/v1/payment_intents/${intent.id}/confirm`, { payment_method: 'pm_card_visa' })
    ).json();
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 1000 });
    await standIn.settled();
    const delivery = received.find((r) => (JSON.parse(r.body) as StripeEvent).type === 'payment_intent.succeeded');
    if (!delivery) throw new Error('no delivery');
    const [t, v1] = delivery.signature.split(',').map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', 'whsec_x').update(`${t}.${delivery.body}`).digest('hex'));
  });

  it('declines 4000000000000002 with a 402 card_error and replays an idempotent request', async () => {
    const { post } = setup();
    const key = { 'idempotency-key': 'k1' };
    const first = await post('/v1/payment_intents', { amount: '500', currency: 'sek' }, key);
    const again = await post('/v1/payment_intents', { amount: '500', currency: 'sek' }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const intent = (await first.json()) as { id: string };
    expect(((await again.json()) as { id: string }).id).toBe(intent.id);
    const method = (await (
      await post('/v1/payment_methods', {
        type: 'card',
        'card[number]': '4000000000000002',
        'card[exp_month]': '12',
        'card[exp_year]': '2099',
        'card[cvc]': '123',
      })
    ).json()) as { id: string };
    const declined = await post(`/v1/payment_intents/${intent.id}/confirm`, { payment_method: method.id });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
  });

  it('3-D Secure: requires_action, then the page’s Complete redirects back with the status', async () => {
    const { standIn, post } = setup();
    const intent = (await (await post('/v1/payment_intents', { amount: '700', currency: 'sek' })).json()) as {
      id: string;
    };
    const waiting = (await (
      await post(`/v1/payment_intents/${intent.id}/confirm`, {
        payment_method: 'pm_card_threeDSecure2Required',
        return_url: 'http://kollab.test/app/back',
      })
    ).json()) as { status: string; next_action: { redirect_to_url: { url: string } } };
    expect(waiting.status).toBe('requires_action');
    const path = new URL(waiting.next_action.redirect_to_url.url).pathname;
    expect(await (await standIn.app.request(path)).text()).toContain('Complete authentication');
    const done = await standIn.app.request(`${path}/complete`, { method: 'POST' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(
      `http://kollab.test/app/back?payment_intent=${intent.id}&redirect_status=succeeded`,
    );
  });
});
