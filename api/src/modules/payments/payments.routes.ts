import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import {
  BillingSchema,
  CardBodySchema,
  CreatePaymentBodySchema,
  PaymentSchema,
  QuoteQuerySchema,
  QuoteSchema,
  RefundBodySchema,
  RefundSchema,
} from '@kollab/contract/api/payments';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { getOwnCampaign } from '../campaigns/campaigns.service.ts';
import { type CardDeps, payByCard, refreshPayment } from './card.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { paymentAdminRoutes } from './payments.admin-routes.ts';
import { getBilling, paymentView } from './payments.queries.ts';
import { cancelOpenPayment, createPayment, quoteFor } from './payments.service.ts';
import { refundCredit } from './refunds.service.ts';
import { handleWebhook } from './webhook.service.ts';

const tags = ['Payments'];
const common = { ...errorResponses, ...authErrorResponses };
const paymentEnvelope = jsonContent(z.object({ data: PaymentSchema }), 'The payment');
const providerErrors = {
  402: errorContent('Card declined'),
  502: errorContent('Payment provider failed'),
  504: errorContent('Payment provider timed out'),
};

export function createPaymentRoutes(gateway: PaymentGateway) {
  const deps = (c: Context<AppEnv>): CardDeps => ({
    db: c.get('db'),
    env: c.get('env'),
    mailer: c.get('mailer'),
    logger: c.get('logger'),
    gateway,
  });
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/campaigns/{id}/quote',
        tags,
        summary: 'Brand: what funding the campaign (or adding `slots` to a live one) costs',
        request: { params: IdParamSchema, query: QuoteQuerySchema },
        responses: {
          200: jsonContent(z.object({ data: QuoteSchema }), 'The price'),
          ...common,
          404: errorContent('No such campaign'),
          409: errorContent('Not payable'),
        },
      }),
      async (c) => {
        const brand = requireRole(c, 'brand');
        const campaign = await getOwnCampaign(c.get('db'), brand, c.req.valid('param').id);
        const { purpose, price } = await quoteFor(c.get('db'), c.get('env'), campaign, c.req.valid('query').slots);
        return c.json({ data: { purpose, ...price } }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/campaigns/{id}/payments',
        tags,
        summary: 'Brand: start paying for the campaign by card or invoice (it goes live once paid)',
        request: { params: IdParamSchema, ...jsonBody(CreatePaymentBodySchema) },
        responses: {
          201: paymentEnvelope,
          ...common,
          404: errorContent('No such campaign'),
          409: errorContent('A payment is under way, or not payable'),
        },
      }),
      async (c) => {
        const brand = requireRole(c, 'brand');
        const input = c.req.valid('json');
        const payment = await c
          .get('db')
          .transaction((tx) => createPayment(tx, c.get('env'), brand, c.req.valid('param').id, input));
        return c.json({ data: await paymentView(c.get('db'), payment) }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/payments/{id}/card',
        tags,
        summary: 'Brand: pay an open card payment with a card (may answer with a 3-D Secure page to visit)',
        request: { params: IdParamSchema, ...jsonBody(CardBodySchema) },
        responses: {
          200: paymentEnvelope,
          ...common,
          ...providerErrors,
          404: errorContent('No such payment'),
          409: errorContent('Not open'),
        },
      }),
      async (c) => {
        const brand = requireRole(c, 'brand');
        const result = await payByCard(deps(c), brand, c.req.valid('param').id, c.req.valid('json'));
        return c.json({ data: await paymentView(c.get('db'), result.payment, result.nextActionUrl) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/payments/{id}',
        tags,
        summary: 'Brand: a payment, its card status checked with the provider',
        request: { params: IdParamSchema },
        responses: { 200: paymentEnvelope, ...common, 404: errorContent('No such payment') },
      }),
      async (c) => {
        const brand = requireRole(c, 'brand');
        const result = await refreshPayment(deps(c), brand, c.req.valid('param').id);
        return c.json({ data: await paymentView(c.get('db'), result.payment, result.nextActionUrl) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/payments/{id}/cancel',
        tags,
        summary: 'Brand: cancel an open payment that has received nothing (to pay another way)',
        request: { params: IdParamSchema },
        responses: {
          200: paymentEnvelope,
          ...common,
          404: errorContent('No such payment'),
          409: errorContent('Cannot be cancelled'),
        },
      }),
      async (c) => {
        const brand = requireRole(c, 'brand');
        const { payment } = await refreshPayment(deps(c), brand, c.req.valid('param').id);
        if (payment.providerPaymentId && payment.status !== 'paid') {
          await gateway.stripe.paymentIntents.cancel(payment.providerPaymentId).catch(() => undefined);
        }
        const cancelled = await c.get('db').transaction((tx) => cancelOpenPayment(tx, brand, payment));
        return c.json({ data: await paymentView(c.get('db'), cancelled) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/billing',
        tags,
        summary: 'Brand: credit, payments and refunds',
        responses: { 200: jsonContent(z.object({ data: BillingSchema }), 'Billing'), ...common },
      }),
      async (c) => c.json({ data: await getBilling(c.get('db'), requireRole(c, 'brand')) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/billing/refunds',
        tags,
        summary: 'Brand: refund credit to the card(s) it was paid with',
        request: jsonBody(RefundBodySchema),
        responses: {
          201: jsonContent(z.object({ data: z.array(RefundSchema) }), 'The refunds'),
          ...common,
          ...providerErrors,
        },
      }),
      async (c) => {
        const brand = requireRole(c, 'brand');
        const refunds = await refundCredit(deps(c), brand, c.req.valid('json').amountOre);
        return c.json(
          {
            data: refunds.map((refund) => ({
              id: refund.id,
              paymentId: refund.paymentId,
              amountOre: refund.amountOre,
              status: refund.status,
              failureCode: refund.failureCode,
              createdAt: refund.createdAt.toISOString(),
            })),
          },
          201,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/payments/webhook',
        tags,
        summary: 'Payment provider: events, signed with `Stripe-Signature` (no session)',
        request: {
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          body: { content: { 'application/json': { schema: z.object({}).passthrough() } } },
        },
        responses: {
          200: jsonContent(z.object({ received: z.boolean(), duplicate: z.boolean() }), 'Acknowledged'),
          ...errorResponses,
        },
      }),
      async (c) => {
        const result = await handleWebhook(deps(c), await c.req.text(), c.req.header('stripe-signature'));
        return c.json({ received: true, duplicate: result.duplicate }, 200);
      },
    )
    .route('/', paymentAdminRoutes);
}
