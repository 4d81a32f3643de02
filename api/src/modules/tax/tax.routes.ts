import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import {
  ClaimTaxStatusSchema,
  CreatorEarningSchema,
  EmployerReportQuerySchema,
  EmployerReportSchema,
  PayoutBreakdownSchema,
  TaxProfileSchema,
  UpdateTaxProfileBodySchema,
  YearlyStatementSchema,
  YearQuerySchema,
} from '@kollab/contract/api/tax';
import { creatorEarnings } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrorResponses, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { agiCsv, agiXml } from './agi-xml.ts';
import { monthReport, toReportView } from './employer-report.ts';
import {
  campaignBreakdown,
  claimTaxStatus,
  getTaxProfile,
  listEarnings,
  saveTaxProfile,
  yearlyStatement,
} from './tax.service.ts';
import { renderSelfBillingPdf, renderStatementPdf } from './tax-pdf.ts';

const tags = ['Tax'];
const common = { ...errorResponses, ...authErrorResponses };
const pdfResponse = { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.any() } } }, ...common };

export const taxRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax/profile',
      tags,
      summary: 'Creator: your tax status (a private person until you choose)',
      responses: { 200: jsonContent(z.object({ data: TaxProfileSchema }), 'Tax status'), ...common },
    }),
    async (c) => c.json({ data: await getTaxProfile(c.get('db'), c.get('secrets'), requireRole(c, 'creator')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/tax/profile',
      tags,
      summary: 'Creator: choose private person or F-skatt (applies to claims accepted from now on)',
      request: jsonBody(UpdateTaxProfileBodySchema),
      responses: { 200: jsonContent(z.object({ data: TaxProfileSchema }), 'Saved'), ...common },
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      return c.json({ data: await saveTaxProfile(c.get('db'), c.get('secrets'), creator, c.req.valid('json')) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/payout-breakdown',
      tags,
      summary: "Creator: how this campaign's payout would be split for you if accepted today",
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(z.object({ data: PayoutBreakdownSchema }), 'Breakdown'), ...common },
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      return c.json(
        { data: await campaignBreakdown(c.get('db'), c.get('secrets'), creator, c.req.valid('param').id) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax/claims/{id}/status',
      tags,
      summary: "The claim's creator's tax status (private person or F-skatt), for the claim's brand",
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(z.object({ data: ClaimTaxStatusSchema }), 'Tax status'), ...common },
    }),
    async (c) => {
      const viewer = requireRole(c, 'brand', 'creator', 'admin');
      return c.json({ data: await claimTaxStatus(c.get('db'), viewer, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax/earnings',
      tags,
      summary: 'Creator: every earning with gross pay, contributions, tax and net',
      responses: { 200: jsonContent(z.object({ data: z.array(CreatorEarningSchema) }), 'Earnings'), ...common },
    }),
    async (c) => c.json({ data: await listEarnings(c.get('db'), requireRole(c, 'creator').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax/earnings/{id}/self-billing.pdf',
      tags,
      summary: 'Creator (F-skatt): the self-billing invoice Kollab issued for an earning',
      request: { params: IdParamSchema },
      responses: pdfResponse,
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      const [earning] = await c
        .get('db')
        .select()
        .from(creatorEarnings)
        .where(and(eq(creatorEarnings.id, c.req.valid('param').id), eq(creatorEarnings.creatorId, creator.id)));
      if (!earning?.selfBillingNumber) throw new AppError('not_found', 'No self-billing invoice for this earning');
      const pdf = await renderSelfBillingPdf(earning, creator, c.get('env'), creator.locale);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="kollab-${earning.selfBillingNumber}.pdf"`,
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax/statement',
      tags,
      summary: 'Creator: the yearly statement (paid, withheld and reported per month)',
      request: { query: YearQuerySchema },
      responses: { 200: jsonContent(z.object({ data: YearlyStatementSchema }), 'Statement'), ...common },
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      return c.json({ data: await yearlyStatement(c.get('db'), creator.id, c.req.valid('query').year) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax/statement.pdf',
      tags,
      summary: 'Creator: the yearly statement as a PDF',
      request: { query: YearQuerySchema },
      responses: pdfResponse,
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      const { year, locale } = c.req.valid('query');
      const statement = await yearlyStatement(c.get('db'), creator.id, year);
      const pdf = await renderStatementPdf(statement, creator, c.get('env'), locale);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="kollab-statement-${year}.pdf"`,
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/tax/employer-report',
      tags: ['Tax (admin)'],
      summary: "Admin: a month's employer declaration (AGI): JSON preview, Skatteverket's XML, or CSV",
      request: { query: EmployerReportQuerySchema },
      responses: {
        200: {
          description: 'The report',
          content: {
            'application/json': { schema: z.object({ data: EmployerReportSchema }) },
            'application/xml': { schema: z.any() },
            'text/csv': { schema: z.any() },
          },
        },
        ...common,
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { period, format } = c.req.valid('query');
      const report = await monthReport(c.get('db'), c.get('env'), c.get('secrets'), period);
      if (format === 'json') return c.json({ data: toReportView(report) }, 200);
      // The files carry personal numbers: who downloaded which month is kept.
      await recordAudit(
        c.get('db'),
        admin,
        'tax.employer_report_downloaded',
        { type: 'period', id: period },
        { format },
      );
      const name = `kollab-agi-${period}.${format}`;
      const headers = { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' };
      if (format === 'xml') {
        return c.body(agiXml(report, c.get('env')), 200, {
          ...headers,
          'Content-Type': 'application/xml; charset=utf-8',
        });
      }
      return c.body(agiCsv(report), 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' });
    },
  );
