import { createRoute } from '@hono/zod-openapi';
import {
  AddPaymentMethodBodySchema,
  PaymentMethodEnvelopeSchema,
  PaymentMethodListSchema,
  UpdatePaymentMethodBodySchema,
} from '@kollab/contract/api/payment-methods';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { requireRecentSignIn } from '../auth/reauthentication.ts';
import { sendSecurityNotice } from '../auth/security-notices.ts';
import { addPaymentMethod, listPaymentMethods, makeDefaultPaymentMethod } from './payment-methods.service.ts';

const tags = ['Payment methods'];

export const paymentMethodRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/payment-methods/get',
      tags,
      summary: 'Your payment methods, masked',
      responses: {
        200: jsonContent(PaymentMethodListSchema, 'Payment methods'),
        ...errorResponses,
        ...authErrorResponses,
      },
    }),
    async (c) => c.json({ data: await listPaymentMethods(c.get('db'), requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/payment-methods/add',
      tags,
      summary: 'Add a Swedish bank account, IBAN, Swish number or PayPal address (needs a recent sign-in)',
      request: { body: { content: { 'application/json': { schema: AddPaymentMethodBodySchema } }, required: true } },
      responses: {
        201: jsonContent(PaymentMethodEnvelopeSchema, 'Added'),
        ...errorResponses,
        ...authErrorResponses,
        409: errorContent('Too many payment methods'),
      },
    }),
    async (c) => {
      const user = requireRecentSignIn(c);
      const method = await addPaymentMethod(c.get('db'), c.get('secrets'), user, c.req.valid('json'));
      await sendSecurityNotice(c.var, user, { kind: 'payoutMethodAdded', method: method.masked });
      return c.json({ data: method }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/user/payment-methods/update',
      tags,
      summary: 'Make a payment method the default (needs a recent sign-in)',
      request: { body: { content: { 'application/json': { schema: UpdatePaymentMethodBodySchema } }, required: true } },
      responses: {
        200: jsonContent(PaymentMethodEnvelopeSchema, 'Updated'),
        ...errorResponses,
        ...authErrorResponses,
        404: errorContent('Not yours or missing'),
      },
    }),
    async (c) => {
      const user = requireRecentSignIn(c);
      const method = await makeDefaultPaymentMethod(c.get('db'), user, c.req.valid('json').id);
      await sendSecurityNotice(c.var, user, { kind: 'payoutMethodDefault', method: method.masked });
      return c.json({ data: method }, 200);
    },
  );
