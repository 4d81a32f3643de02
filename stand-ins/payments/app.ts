/**
 * The payments stand-in: the part of Stripe's API Kollab uses (PaymentMethods, PaymentIntents with
 * 3-D Secure, refunds) on the same paths, in the same form-encoded requests and JSON answers, with
 * events delivered to a webhook endpoint signed the way Stripe signs them. Test cards in cards.ts.
 */
import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { type CardOutcome, cardByNumber, cardByToken, luhnValid } from './cards.ts';
import { type FormObject, object, parseStripeForm, text } from './form.ts';
import { type Intent, id, type Json, now, stripeError } from './shared.ts';
import { mountThreeDSecure } from './three-d-secure.ts';
import { type Deliver, deliverEvent, newEvent, type StripeEvent } from './webhooks.ts';

export interface PaymentsStandInOptions {
  /** The secret key clients must send (`Authorization: Bearer …`). Default random. */
  secretKey?: string;
  /** The webhook signing secret. Default random `whsec_…`. */
  webhookSecret?: string;
  /** Where events are posted; none are sent until it is set. */
  webhookUrl?: string;
  /** How events are posted (tests route them into an app in the same process). Default fetch. */
  deliver?: Deliver;
  /** How long a `hang` card keeps the request open, in ms. Default 120 000. */
  hangMs?: number;
}

export interface PaymentsStandIn {
  app: Hono;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  /** Every event sent, oldest first (tests deliver copies of them again). */
  events: StripeEvent[];
  /** Delivers an event (again) to the webhook endpoint; resolves with the answer's status. */
  deliver(event: StripeEvent): Promise<number>;
  /** Resolves when every delivery started so far has finished. */
  settled(): Promise<void>;
  intents: Map<string, Intent>;
}

export function createPaymentsStandIn(options: PaymentsStandInOptions = {}): PaymentsStandIn {
  const methods = new Map<string, { id: string; outcome: CardOutcome; card: Json }>();
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Json>();
  const replies = new Map<string, { status: number; body: string }>();
  const inFlight = new Set<Promise<unknown>>();
  const state: PaymentsStandIn = {
    app: new Hono(),
    secretKey: options.secretKey ?? `sk_test_standin_${randomBytes(12).toString('hex')}`,
    webhookSecret: options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`,
    webhookUrl: options.webhookUrl,
    events: [],
    intents,
    deliver: (event) =>
      state.webhookUrl
        ? deliverEvent(event, { url: state.webhookUrl, secret: state.webhookSecret, deliver: options.deliver ?? fetch })
        : Promise.resolve(0),
    settled: async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
  const emit = (type: string, payload: Json) => {
    const event = newEvent(type, structuredClone(payload));
    state.events.push(event);
    const delivery = state.deliver(event).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };

  // Card methods known by number (the portal's form) or by Stripe's test tokens (pm_card_visa …).
  const methodFor = (token: string) => {
    const known = methods.get(token);
    if (known) return known;
    const card = cardByToken(token);
    if (!card) return undefined;
    return { id: token, outcome: card.outcome, card: { brand: card.brand, last4: card.number.slice(-4) } };
  };

  const api = new Hono();
  api.use(async (c, next) => {
    const key = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
    if (key !== state.secretKey) {
      return stripeError(c, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    }
    // Stripe's idempotent requests: the same key on a POST replays the first answer.
    const idempotencyKey = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    const replay = idempotencyKey ? replies.get(`${c.req.path}:${idempotencyKey}`) : undefined;
    if (replay) {
      return new Response(replay.body, {
        status: replay.status,
        headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
      });
    }
    await next();
    if (idempotencyKey && c.res.status < 500) {
      replies.set(`${c.req.path}:${idempotencyKey}`, { status: c.res.status, body: await c.res.clone().text() });
    }
  });
  const form = async (c: Context): Promise<FormObject> => parseStripeForm(await c.req.text());
  const missing = (c: Context, name: string) =>
    stripeError(c, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${name}` });

  api.post('/payment_methods', async (c) => {
    const body = await form(c);
    const card = object(body, 'card');
    const number = (text(card, 'number') ?? '').replace(/\s+/g, '');
    if (text(body, 'type') !== 'card' || !luhnValid(number)) {
      return stripeError(c, 402, {
        type: 'card_error',
        code: 'incorrect_number',
        param: 'number',
        message: 'Your card number is incorrect.',
      });
    }
    const expMonth = Number(text(card, 'exp_month'));
    const expYear = Number(text(card, 'exp_year'));
    const today = new Date();
    if (
      !(expMonth >= 1 && expMonth <= 12) ||
      expYear * 12 + expMonth < today.getFullYear() * 12 + today.getMonth() + 1
    ) {
      return stripeError(c, 402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        param: 'exp_year',
        message: "Your card's expiration date is invalid.",
      });
    }
    const known = cardByNumber(number);
    const method = {
      id: id('pm'),
      outcome: known?.outcome ?? ({ kind: 'succeeds' } as const),
      card: { brand: known?.brand ?? 'visa', last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
    };
    methods.set(method.id, method);
    return c.json({ id: method.id, object: 'payment_method', type: 'card', card: method.card, created: now() });
  });

  api.post('/payment_intents', async (c) => {
    const body = await form(c);
    const amount = Number(text(body, 'amount'));
    const currency = text(body, 'currency');
    if (!Number.isSafeInteger(amount) || amount < 1 || !currency) {
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid amount or currency',
      });
    }
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      metadata: object(body, 'metadata') as Record<string, string>,
      payment_method: null,
      payment_method_types: ['card'],
      latest_charge: null,
      next_action: null,
      last_payment_error: null,
      client_secret: '',
      created: now(),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    intents.set(intent.id, intent);
    emit('payment_intent.created', intent);
    return c.json(intent);
  });

  api.get('/payment_intents/:id', (c) => {
    const intent = intents.get(c.req.param('id'));
    return intent ? c.json(intent) : missing(c, 'payment_intent');
  });

  api.post('/payment_intents/:id/confirm', async (c) => {
    const intent = intents.get(c.req.param('id'));
    if (!intent) return missing(c, 'payment_intent');
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`,
        payment_intent: intent,
      });
    }
    const body = await form(c);
    const method = methodFor(text(body, 'payment_method') ?? '');
    if (!method) return missing(c, 'payment_method');
    const outcome = method.outcome;
    if (outcome.kind === 'server_error') {
      return stripeError(c, 500, { type: 'api_error', message: 'An unknown error occurred (stand-in fault).' });
    }
    if (outcome.kind === 'hang') {
      await new Promise((resolve) => setTimeout(resolve, options.hangMs ?? 120_000));
      return stripeError(c, 500, { type: 'api_error', message: 'Timed out (stand-in fault).' });
    }
    intent.payment_method = method.id;
    if (outcome.kind === 'declined') {
      const error = {
        type: 'card_error',
        code: outcome.code,
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
        message: outcome.message,
        payment_method: { id: method.id, card: method.card },
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      emit('payment_intent.payment_failed', intent);
      return stripeError(c, 402, { ...error, payment_intent: intent });
    }
    if (outcome.kind === 'three_d_secure') {
      const returnUrl = text(body, 'return_url');
      const origin = new URL(c.req.url).origin;
      Object.assign(intent, {
        status: 'requires_action',
        last_payment_error: null,
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${origin}/3ds/${intent.id}`, return_url: returnUrl ?? null },
        },
      });
      emit('payment_intent.requires_action', intent);
      return c.json(intent);
    }
    succeed(intent);
    return c.json(intent);
  });

  api.post('/payment_intents/:id/cancel', (c) => {
    const intent = intents.get(c.req.param('id'));
    if (!intent) return missing(c, 'payment_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    Object.assign(intent, { status: 'canceled', next_action: null, cancellation_reason: 'requested_by_customer' });
    emit('payment_intent.canceled', intent);
    return c.json(intent);
  });

  api.post('/refunds', async (c) => {
    const body = await form(c);
    const intent = intents.get(text(body, 'payment_intent') ?? '');
    if (!intent) return missing(c, 'payment_intent');
    const already = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
    const amount = text(body, 'amount') ? Number(text(body, 'amount')) : intent.amount_received - already;
    if (intent.status !== 'succeeded' || !(amount >= 1) || already + amount > intent.amount_received) {
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than what can be refunded (${intent.amount_received - already}).`,
      });
    }
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      metadata: object(body, 'metadata'),
      created: now(),
    };
    refunds.set(refund.id, refund);
    emit('refund.created', refund);
    return c.json(refund);
  });

  function succeed(intent: Intent) {
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: id('ch'),
      next_action: null,
      last_payment_error: null,
    });
    emit('payment_intent.succeeded', intent);
  }

  state.app.route('/v1', api);
  // The issuer's authentication page (not part of Stripe's API; the browser is sent here).
  mountThreeDSecure(state.app, intents, {
    complete: succeed,
    fail: (intent) => {
      Object.assign(intent, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
        },
      });
      emit('payment_intent.payment_failed', intent);
    },
  });
  return state;
}
