import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { keysetAnswerFields } from '@kollab/contract/api/list-query';
import {
  AdminWithdrawalSchema,
  EarningsSchema,
  ListWithdrawalsQuerySchema,
  PayBodySchema,
  RejectBodySchema,
  RequestWithdrawalBodySchema,
  WithdrawalSchema,
} from '@kollab/contract/api/withdrawals';
import { createRouter } from '../../lib/create-router.ts';
import { requireIdempotencyKey, withIdempotency } from '../../lib/idempotency.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { windowOf } from '../admin/list-query.ts';
import { requireRecentSignIn } from '../auth/reauthentication.ts';
import { requireIdentityForWithdrawal } from '../identity/identity-gates.ts';
import {
  exportWithdrawalsCsv,
  getEarnings,
  listMyWithdrawals,
  listWithdrawals,
  mailWithdrawal,
  requestWithdrawal,
  settleOnce,
  toWithdrawalView,
} from './withdrawals.service.ts';

const tags = ['Earnings and withdrawals'];
const idempotencyHeader = z.object({
  // Documented here, checked by requireIdempotencyKey (a missing key is a 400 naming the header).
  'Idempotency-Key': z
    .string()
    .optional()
    .openapi({ param: { name: 'Idempotency-Key', in: 'header', required: true }, example: '5d1c0b7e-…' }),
});
const common = { ...errorResponses, ...authErrorResponses };
const envelope = jsonContent(z.object({ data: WithdrawalSchema }), 'The withdrawal');

export const withdrawalRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/earnings',
      tags,
      summary: 'Creator: balances and every earning and withdrawal',
      responses: { 200: jsonContent(z.object({ data: EarningsSchema }), 'Earnings'), ...common },
    }),
    async (c) => c.json({ data: await getEarnings(c.get('db'), c.get('env'), requireRole(c, 'creator')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/withdrawals',
      tags,
      summary: 'Creator: your withdrawals',
      responses: { 200: jsonContent(z.object({ data: z.array(WithdrawalSchema) }), 'Withdrawals'), ...common },
    }),
    async (c) => c.json({ data: await listMyWithdrawals(c.get('db'), requireRole(c, 'creator')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/withdrawals',
      tags,
      summary: 'Creator: withdraw to a saved payment method (needs an Idempotency-Key and a recent sign-in)',
      request: { headers: idempotencyHeader, ...jsonBody(RequestWithdrawalBodySchema) },
      responses: { 201: envelope, ...common },
    }),
    async (c) => {
      requireRole(c, 'creator');
      const creator = requireRecentSignIn(c);
      await requireIdentityForWithdrawal(c.get('db'), c.get('env'), creator.id);
      const key = requireIdempotencyKey(c);
      const input = c.req.valid('json');
      const result = await withIdempotency(c.get('db'), { userId: creator.id, key, request: input }, async (tx) => {
        const row = await requestWithdrawal(tx, c.get('env'), creator, input);
        return { status: 201, body: { data: toWithdrawalView(row) }, after: () => mailWithdrawal(c.var, row) };
      });
      return c.json(result.body, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/withdrawals',
      tags,
      summary: 'Admin: the payouts queue',
      request: { query: ListWithdrawalsQuerySchema },
      responses: {
        200: jsonContent(
          z.object({ data: z.array(AdminWithdrawalSchema), ...keysetAnswerFields }),
          'A page of withdrawals',
        ),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const query = c.req.valid('query');
      return c.json(await listWithdrawals(c.get('db'), query, windowOf(query)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/withdrawals/{id}/pay',
      tags,
      summary: 'Admin: mark paid with the bank or Swish reference (needs an Idempotency-Key)',
      request: { params: IdParamSchema, headers: idempotencyHeader, ...jsonBody(PayBodySchema) },
      responses: {
        200: envelope,
        ...common,
        404: errorContent('No such withdrawal'),
        409: errorContent('Already settled'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const key = requireIdempotencyKey(c);
      const { id } = c.req.valid('param');
      const { reference } = c.req.valid('json');
      const result = await settleOnce(c.var, admin, key, id, { status: 'paid', reference });
      return c.json(result.body, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/withdrawals/{id}/reject',
      tags,
      summary: 'Admin: reject with a reason; the money returns to the balance (needs an Idempotency-Key)',
      request: { params: IdParamSchema, headers: idempotencyHeader, ...jsonBody(RejectBodySchema) },
      responses: {
        200: envelope,
        ...common,
        404: errorContent('No such withdrawal'),
        409: errorContent('Already settled'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const key = requireIdempotencyKey(c);
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const result = await settleOnce(c.var, admin, key, id, { status: 'rejected', reason });
      return c.json(result.body, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/withdrawals/export',
      tags,
      summary: 'Admin: the selected requested withdrawals as a CSV bank batch',
      request: { query: z.object({ ids: z.string().min(1).max(10_000) }) },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const ids = c.req
        .valid('query')
        .ids.split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .slice(0, 500);
      const csv = await exportWithdrawalsCsv(c.get('db'), c.get('secrets'), admin, ids);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="kollab-payouts-${new Date().toISOString().slice(0, 10)}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );
