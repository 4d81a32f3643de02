import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminBillingDocumentSchema,
  BankFilePreviewSchema,
  BillingDocumentSchema,
  ListInvoicesQuerySchema,
  MarkPaidBodySchema,
  SieQuerySchema,
} from '@kollab/contract/api/billing';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { keysetAnswerFields } from '@kollab/contract/api/list-query';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { windowOf } from '../admin/list-query.ts';
import { importBankFile, previewBankFile } from './bank-files/import.service.ts';
import { listDocuments, markInvoicePaid } from './billing.service.ts';
import { exportSie } from './sie/sie.service.ts';

const tags = ['Billing (admin)'];
const common = { ...errorResponses, ...authErrorResponses };
const fileBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }) }),
      },
    },
    required: true,
  },
};

/** The uploaded bank file (field `file`, at most 1 MiB by the API's body limit). */
export async function readBankFile(c: { req: { parseBody(): Promise<Record<string, unknown>> } }) {
  const form = await c.req.parseBody().catch(() => {
    throw new AppError('bad_request', 'Expected multipart/form-data');
  });
  const file = form.file;
  if (!(file instanceof File) || file.size === 0)
    throw AppError.validation({ file: ['required'] }, 'No file in the upload');
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || 'bank-file' };
}

export const billingAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/invoices',
      tags,
      summary: 'Admin: invoices, receipts and credit notes (open, overdue, paid)',
      request: { query: ListInvoicesQuerySchema },
      responses: {
        200: jsonContent(z.object({ data: z.array(AdminBillingDocumentSchema), ...keysetAnswerFields }), 'A page'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const query = c.req.valid('query');
      return c.json(await listDocuments(c.get('db'), query, windowOf(query)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/invoices/{id}/mark-paid',
      tags,
      summary: 'Admin: mark an open invoice paid, with a reason (audited)',
      request: { params: IdParamSchema, ...jsonBody(MarkPaidBodySchema) },
      responses: {
        200: jsonContent(z.object({ data: BillingDocumentSchema }), 'The invoice'),
        ...common,
        404: errorContent('No such invoice'),
        409: errorContent('Already paid'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const view = await markInvoicePaid(c.get('db'), admin, c.req.valid('param').id, c.req.valid('json').reason);
      return c.json({ data: view }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/bank-files/preview',
      tags,
      summary: 'Admin: what importing a BgMax or camt.054 file would do (changes nothing)',
      request: fileBody,
      responses: { 200: jsonContent(z.object({ data: BankFilePreviewSchema }), 'The preview'), ...common },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { bytes } = await readBankFile(c);
      return c.json({ data: await previewBankFile(c.get('db'), c.get('env'), bytes) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/bank-files',
      tags,
      summary: 'Admin: import a bank file; matched payments settle their invoices (once per file and line)',
      request: fileBody,
      responses: {
        201: jsonContent(z.object({ data: BankFilePreviewSchema }), 'What was imported'),
        ...common,
        409: errorContent('The file was imported before'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const file = await readBankFile(c);
      return c.json({ data: await importBankFile(c.get('db'), c.get('env'), admin, file) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/ledger/sie',
      tags,
      summary: 'Admin: every ledger posting in a date range as a SIE 4 file',
      request: { query: SieQuerySchema },
      responses: {
        200: { description: 'SIE 4 (PC8)', content: { 'application/octet-stream': { schema: z.any() } } },
        ...common,
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const range = c.req.valid('query');
      const file = await exportSie(c.get('db'), c.get('env'), admin, range);
      return c.body(new Uint8Array(file), 200, {
        'Content-Type': 'text/plain; charset=IBM437',
        'Content-Disposition': `attachment; filename="kollab-${range.from}-${range.to}.se"`,
        'Cache-Control': 'no-store',
      });
    },
  );
