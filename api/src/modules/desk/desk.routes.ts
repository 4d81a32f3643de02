import { createRoute } from '@hono/zod-openapi';
import {
  DeskCampaignEnvelopeSchema,
  DeskCampaignPageSchema,
  ListDeskCampaignsQuerySchema,
} from '@kollab/contract/api/desk';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { getDeskCampaign, listDeskCampaigns } from './desk.service.ts';

const tags = ['Campaigns'];
const common = { ...errorResponses, ...authErrorResponses };

export const deskRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/brand/campaigns',
      tags,
      summary: 'Brand: the campaign desk, its own campaigns with claims to approve, videos to review and spend',
      request: { query: ListDeskCampaignsQuerySchema },
      responses: { 200: jsonContent(DeskCampaignPageSchema, 'A page of the brand’s campaigns'), ...common },
    }),
    async (c) => {
      const brand = requireRole(c, 'brand');
      return c.json(await listDeskCampaigns(c.get('db'), brand, c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/brand/campaigns/{id}',
      tags,
      summary: "The owning brand or an admin: one campaign's desk row (counts and spend)",
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(DeskCampaignEnvelopeSchema, 'The campaign’s desk row'),
        ...common,
        404: errorContent('Not found or not yours'),
      },
    }),
    async (c) => {
      const actor = requireRole(c, 'brand', 'admin');
      return c.json({ data: await getDeskCampaign(c.get('db'), actor, c.req.valid('param').id) }, 200);
    },
  );
