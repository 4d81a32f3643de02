import { createRoute } from '@hono/zod-openapi';
import { HomeEnvelopeSchema } from '@kollab/contract/api/home';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import { adminHome } from './admin-home.service.ts';
import { brandHome } from './brand-home.service.ts';
import { creatorHome } from './creator-home.service.ts';

/** The portal's start page (ADR 037): what the signed-in user should do now, for their role. */
export const homeRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/home',
    tags: ['Home'],
    summary:
      "Signed in: the caller's own to-dos — a creator's invitations, claims, ratings, balance, profile and messages; a brand's claims, videos and drafts; an admin's queues",
    responses: {
      200: jsonContent(HomeEnvelopeSchema, 'The home of the caller’s role'),
      ...errorResponses,
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const user = requireUser(c);
    const db = c.get('db');
    if (user.role === 'creator') return c.json({ data: await creatorHome(db, c.get('env'), user) }, 200);
    if (user.role === 'brand') return c.json({ data: await brandHome(db, user) }, 200);
    // The admin routes' guard (and, before it, the two-factor middleware every admin request passes).
    requireRole(c, 'admin');
    return c.json({ data: await adminHome(db, c.get('jobs')) }, 200);
  },
);
