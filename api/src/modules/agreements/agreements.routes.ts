import { createRoute, z } from '@hono/zod-openapi';
import { ClaimAgreementSchema } from '@kollab/contract/api/agreements';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { BankIdOrderSchema } from '@kollab/contract/api/identity';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import { toBankIdOrderView } from '../identity/bankid-orders.service.ts';
import { endUserIp } from '../identity/identity.routes.ts';
import { agreementPdf } from './agreement-pdf.ts';
import { getAgreementView, getSignedAgreement, startAgreementSigning } from './agreements.service.ts';

const tags = ['Claims'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('No such claim of yours') };

export const agreementRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/claims/{id}/agreement',
      tags,
      summary: "The claim's agreement: the text to sign, or the text signed with BankID, by whom and when",
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(z.object({ data: ClaimAgreementSchema }), 'The agreement'), ...common },
    }),
    async (c) => c.json({ data: await getAgreementView(c.get('db'), requireUser(c), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/claims/{id}/agreement/sign',
      tags,
      summary: "Creator: sign the claim's agreement with BankID (a sign order showing the agreement)",
      request: { params: IdParamSchema },
      responses: {
        201: jsonContent(z.object({ data: BankIdOrderSchema }), 'The sign order; follow it at /bankid/orders/{id}'),
        409: errorContent('Already signed, not signable, or BankID has an order in progress for this person'),
        503: errorContent('BankID is unavailable'),
        ...common,
      },
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      const deps = { db: c.get('db'), secrets: c.get('secrets'), bankId: c.get('bankId'), logger: c.get('logger') };
      const order = await startAgreementSigning(deps, creator, c.req.valid('param').id, endUserIp(c));
      return c.json({ data: toBankIdOrderView(deps, order) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/claims/{id}/agreement/pdf',
      tags,
      summary: 'The signed agreement as a PDF (the creator, the brand and admins)',
      request: { params: IdParamSchema },
      responses: {
        200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        ...common,
      },
    }),
    async (c) => {
      const actor = requireUser(c);
      const agreement = await getSignedAgreement(c.get('db'), actor, c.req.valid('param').id);
      const pdf = await agreementPdf(agreement, actor.locale);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="kollab-agreement-${agreement.claimId}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
