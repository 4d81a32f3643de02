import { createRoute, z } from '@hono/zod-openapi';
import { BillingAddressSchema, BillingDocumentSchema } from '@kollab/contract/api/billing';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import {
  documentPdf,
  findBillingAddress,
  getVisibleDocument,
  listOwnDocuments,
  saveBillingAddress,
} from './billing.service.ts';

const tags = ['Billing'];
const common = { ...errorResponses, ...authErrorResponses };

export const billingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/documents',
      tags,
      summary: 'Brand: your invoices, receipts and credit notes',
      responses: { 200: jsonContent(z.object({ data: z.array(BillingDocumentSchema) }), 'Documents'), ...common },
    }),
    async (c) => c.json({ data: await listOwnDocuments(c.get('db'), requireRole(c, 'brand')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/documents/{id}/pdf',
      tags,
      summary: "A document as PDF (its brand's or, for an admin, any)",
      request: { params: IdParamSchema },
      responses: {
        200: { description: 'PDF', content: { 'application/pdf': { schema: z.any() } } },
        ...common,
        404: errorContent('No such document'),
      },
    }),
    async (c) => {
      const row = await getVisibleDocument(c.get('db'), requireUser(c), c.req.valid('param').id);
      const pdf = await documentPdf(c.get('db'), row);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="kollab-${row.documentNumber}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/address',
      tags,
      summary: 'Brand: the billing address printed on invoices (null until given)',
      responses: { 200: jsonContent(z.object({ data: BillingAddressSchema.nullable() }), 'The address'), ...common },
    }),
    async (c) => c.json({ data: await findBillingAddress(c.get('db'), requireRole(c, 'brand')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/billing/address',
      tags,
      summary: 'Brand: set the billing address',
      request: jsonBody(BillingAddressSchema),
      responses: { 200: jsonContent(z.object({ data: BillingAddressSchema }), 'The address'), ...common },
    }),
    async (c) =>
      c.json({ data: await saveBillingAddress(c.get('db'), requireRole(c, 'brand'), c.req.valid('json')) }, 200),
  );
