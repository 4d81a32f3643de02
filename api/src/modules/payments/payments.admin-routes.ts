import { createRoute, z } from '@hono/zod-openapi';
import { keysetAnswerFields } from '@kollab/contract/api/list-query';
import {
  AdminPaymentSchema,
  EscrowRowSchema,
  ListEscrowQuerySchema,
  ListPaymentsQuerySchema,
} from '@kollab/contract/api/payments';
import { createRouter } from '../../lib/create-router.ts';
import { toCsv } from '../../lib/csv.ts';
import { authErrorResponses, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { EXPORT_LIMIT, windowOf } from '../admin/list-query.ts';
import { listEscrow, listPayments } from './payments.queries.ts';

const tags = ['Payments'];
const common = { ...errorResponses, ...authErrorResponses };
const csvResponse = { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...common };
/** An export is one page of every filtered row, up to EXPORT_LIMIT (10,000), whatever page the query names. */
const EXPORT_WINDOW = { limit: EXPORT_LIMIT, offset: 0 };

function csvHeaders(name: string) {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="kollab-${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    'Cache-Control': 'no-store',
  };
}

/** Admin: every brand payment and every funded campaign's escrow, as pages and as CSV. */
export const paymentAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payments',
      tags,
      summary: 'Admin: every brand payment',
      request: { query: ListPaymentsQuerySchema },
      responses: {
        200: jsonContent(z.object({ data: z.array(AdminPaymentSchema), ...keysetAnswerFields }), 'A page of payments'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const query = c.req.valid('query');
      return c.json(await listPayments(c.get('db'), query, windowOf(query)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payments/export',
      tags,
      summary: 'Admin: the filtered payments as CSV',
      request: { query: ListPaymentsQuerySchema },
      responses: csvResponse,
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { data: rows } = await listPayments(c.get('db'), c.req.valid('query'), EXPORT_WINDOW);
      const csv = toCsv(
        [
          ['id', (row) => row.id],
          ['created_at', (row) => row.createdAt],
          ['brand', (row) => row.brand.name],
          ['campaign', (row) => row.campaignTitle],
          ['method', (row) => row.method],
          ['status', (row) => row.status],
          ['creator_budget_ore', (row) => row.creatorBudgetOre],
          ['fee_ore', (row) => row.feeOre],
          ['vat_ore', (row) => row.vatOre],
          ['credit_applied_ore', (row) => row.creditAppliedOre],
          ['amount_ore', (row) => row.amountOre],
          ['received_ore', (row) => row.receivedOre],
          ['paid_at', (row) => row.paidAt],
        ],
        rows,
      );
      return c.body(csv, 200, csvHeaders('payments'));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/escrow',
      tags,
      summary: 'Admin: escrow per funded campaign',
      request: { query: ListEscrowQuerySchema },
      responses: {
        200: jsonContent(z.object({ data: z.array(EscrowRowSchema), ...keysetAnswerFields }), 'A page of escrow rows'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const query = c.req.valid('query');
      const page = await listEscrow(c.get('db'), query, windowOf(query));
      return c.json({ ...page, data: page.data.map((row) => ({ ...row, id: row.campaignId })) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/escrow/export',
      tags,
      summary: 'Admin: escrow per funded campaign as CSV',
      request: { query: ListEscrowQuerySchema },
      responses: csvResponse,
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { data: rows } = await listEscrow(c.get('db'), c.req.valid('query'), EXPORT_WINDOW);
      const csv = toCsv(
        [
          ['campaign_id', (row) => row.campaignId],
          ['campaign', (row) => row.campaignTitle],
          ['brand', (row) => row.brandName],
          ['funded_at', (row) => row.fundedAt],
          ['closed_at', (row) => row.closedAt],
          ['paid_in_ore', (row) => row.paidInOre],
          ['paid_to_creators_ore', (row) => row.paidToCreatorsOre],
          ['returned_ore', (row) => row.returnedOre],
          ['escrow_ore', (row) => row.escrowOre],
          ['reserved_ore', (row) => row.reservedOre],
        ],
        rows,
      );
      return c.body(csv, 200, csvHeaders('escrow'));
    },
  );
