import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../lib/create-router.ts';
import { errorResponses } from '../../lib/openapi.ts';

const SessionSchema = z
  .object({
    user: z
      .object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        image: z.string().nullable(),
        role: z.enum(['creator', 'brand', 'admin']),
      })
      .optional(),
    expires: z.string().optional(),
  })
  .openapi('Session');

const getSession = createRoute({
  method: 'get',
  path: '/session',
  tags: ['Auth'],
  summary: 'The current session, or {} when signed out',
  responses: {
    200: { description: 'The session object', content: { 'application/json': { schema: SessionSchema } } },
    ...errorResponses,
  },
});

export const authRoutes = createRouter().openapi(getSession, (c) => c.json({}, 200));
