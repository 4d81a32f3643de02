import { createRoute } from '@hono/zod-openapi';
import { HealthSchema } from '@kollab/contract/api/health';
import { createRouter } from '../../lib/create-router.ts';
import { errorContent, errorResponses } from '../../lib/openapi.ts';
import { checkHealth } from './health.service.ts';

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Liveness and database check',
  responses: {
    200: { description: 'The API and its database answer', content: { 'application/json': { schema: HealthSchema } } },
    503: errorContent('The database does not answer'),
    500: errorResponses[500],
  },
});

export const healthRoutes = createRouter().openapi(getHealth, async (c) => {
  return c.json(await checkHealth(c.get('db'), c.get('dbKind')), 200);
});
