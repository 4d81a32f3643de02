import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import {
  ClaimRatingsEnvelopeSchema,
  RatingBodySchema,
  RatingSummariesQuerySchema,
  RatingSummariesSchema,
} from '@kollab/contract/api/ratings';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { getClaimRatings, rateClaim, ratingSummaries } from './ratings.service.ts';

const tags = ['Ratings'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('Not found or not a party to the claim') };
const ratingsResponse = jsonContent(ClaimRatingsEnvelopeSchema, "The claim's ratings as the caller may see them");

export const ratingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/claims/{id}/ratings',
      tags,
      summary: "The claim's creator or brand: both sides' ratings (the other's once both rated or the window closed)",
      request: { params: IdParamSchema },
      responses: { 200: ratingsResponse, ...common },
    }),
    async (c) => c.json({ data: await getClaimRatings(c.get('db'), requireUser(c), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/claims/{id}/rating',
      tags,
      summary:
        'Rate the other side of an accepted claim within 14 days: the brand delivery and quality, the creator brief, communication and payment (1–5)',
      request: { params: IdParamSchema, ...jsonBody(RatingBodySchema) },
      responses: {
        201: ratingsResponse,
        ...common,
        409: errorContent('Not accepted, the window closed, or already rated'),
      },
    }),
    async (c) =>
      c.json({ data: await rateClaim(c.get('db'), requireUser(c), c.req.valid('param').id, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/ratings/summaries',
      tags,
      summary: 'Signed in: the visible rating averages and counts of up to 100 people',
      request: { query: RatingSummariesQuerySchema },
      responses: { 200: jsonContent(RatingSummariesSchema, 'One summary per id, in the order asked'), ...common },
    }),
    async (c) => {
      requireUser(c);
      return c.json({ data: await ratingSummaries(c.get('db'), c.req.valid('query').ids) }, 200);
    },
  );
