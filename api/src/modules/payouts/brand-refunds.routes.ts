import { createRoute, z } from '@hono/zod-openapi';
import { BankRefundBodySchema, BankRefundSchema, UnbatchedRefundSchema } from '@kollab/contract/api/payouts';
import { createRouter } from '../../lib/create-router.ts';
import { requireIdempotencyKey, withIdempotency } from '../../lib/idempotency.ts';
import { authErrorResponses, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { listMyBankRefunds, listUnbatchedBankRefunds, requestBankRefund } from './brand-refunds.service.ts';

const common = { ...errorResponses, ...authErrorResponses };
const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .openapi({ param: { name: 'Idempotency-Key', in: 'header', required: true }, example: '5d1c0b7e-…' }),
});
const list = jsonContent(z.object({ data: z.array(BankRefundSchema) }), 'Bank refunds');

/** Issue 16's last item (ADR 029): a brand's invoice-paid credit paid back to its bank account. */
export const brandRefundRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/refunds/bank',
      tags: ['Billing'],
      summary: 'Brand: refund credit paid by invoice to a bank account, Bankgiro or IBAN (needs an Idempotency-Key)',
      request: { headers: idempotencyHeader, ...jsonBody(BankRefundBodySchema) },
      responses: { 201: list, ...common },
    }),
    async (c) => {
      const brand = requireRole(c, 'brand');
      const key = requireIdempotencyKey(c);
      const input = c.req.valid('json');
      const result = await withIdempotency(c.get('db'), { userId: brand.id, key, request: input }, async (tx) => {
        await requestBankRefund(tx, c.get('secrets'), brand, input);
        return { status: 201, body: { data: await listMyBankRefunds(tx, brand) } };
      });
      return c.json(result.body, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/refunds/bank',
      tags: ['Billing'],
      summary: 'Brand: your bank refunds and where they are',
      responses: { 200: list, ...common },
    }),
    async (c) => c.json({ data: await listMyBankRefunds(c.get('db'), requireRole(c, 'brand')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payouts/brand-refunds',
      tags: ['Payouts (admin)'],
      summary: "Admin: brands' bank refunds waiting for a payout batch",
      responses: {
        200: jsonContent(z.object({ data: z.array(UnbatchedRefundSchema), total: z.number() }), 'Refunds to batch'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const data = await listUnbatchedBankRefunds(c.get('db'));
      return c.json({ data, total: data.length }, 200);
    },
  );
