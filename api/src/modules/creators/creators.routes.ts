import { createRoute } from '@hono/zod-openapi';
import {
  CategoryListSchema,
  CreatorProfileEnvelopeSchema,
  UpdateCreatorProfileBodySchema,
} from '@kollab/contract/api/creators';
import { CATEGORIES, CATEGORY_KEYS } from '@kollab/contract/categories';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorResponses } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { getCreatorProfile, updateCreatorProfile } from './creators.service.ts';

const tags = ['Creators'];
const profileResponse = {
  description: 'The creator profile',
  content: { 'application/json': { schema: CreatorProfileEnvelopeSchema } },
};
const categoryList = CATEGORY_KEYS.map((key) => ({ key, ...CATEGORIES[key] }));

export const creatorRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/categories',
      tags,
      summary: 'The interest taxonomy with Swedish and English labels',
      responses: {
        200: { description: 'Categories', content: { 'application/json': { schema: CategoryListSchema } } },
      },
    }),
    (c) => c.json({ data: categoryList }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/creator-profile',
      tags,
      summary: 'Your creator profile',
      responses: { 200: profileResponse, ...errorResponses, ...authErrorResponses },
    }),
    async (c) => c.json({ data: await getCreatorProfile(c.get('db'), requireRole(c, 'creator')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/creator-profile',
      tags,
      summary: 'Save categories, Instagram/TikTok handles and bio',
      request: {
        body: { content: { 'application/json': { schema: UpdateCreatorProfileBodySchema } }, required: true },
      },
      responses: { 200: profileResponse, ...errorResponses, ...authErrorResponses },
    }),
    async (c) => {
      const profile = await updateCreatorProfile(c.get('db'), requireRole(c, 'creator'), c.req.valid('json'));
      return c.json({ data: profile }, 200);
    },
  );
