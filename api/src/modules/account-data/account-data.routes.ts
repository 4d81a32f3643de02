import { createRoute, z } from '@hono/zod-openapi';
import { DeletionRequestSchema } from '@kollab/contract/api/admin';
import { ErasurePlanSchema } from '@kollab/contract/api/deletion-requests';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { toDeletionRequestView } from '../admin/privacy.service.ts';
import {
  cancelAccountDeletion,
  getAccountDeletion,
  planAccountDeletion,
  requestAccountDeletion,
} from './account-deletion.service.ts';
import { exportAccountData } from './account-export.service.ts';

const tags = ['Your data'];
const common = { ...errorResponses, ...authErrorResponses };
const requestResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: DeletionRequestSchema }) } },
});

/** Every route here is about the signed-in user's own data. */
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await next();
});

export const accountDataRoutes = createRouter();
accountDataRoutes.use('/account/*', signedIn);

accountDataRoutes
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/deletion-request',
      tags,
      summary: 'Ask for your account to be deleted in 14 days (asking again returns the open request)',
      responses: { 202: requestResponse('The open deletion request'), ...common },
    }),
    async (c) => {
      const row = await requestAccountDeletion(c.get('db'), requireUser(c));
      return c.json({ data: toDeletionRequestView(row) }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/deletion-request',
      tags,
      summary: 'Your newest deletion request, in any state (null when there is none)',
      responses: {
        200: {
          description: 'The request or null',
          content: { 'application/json': { schema: z.object({ data: DeletionRequestSchema.nullable() }) } },
        },
        ...common,
      },
    }),
    async (c) => {
      const row = await getAccountDeletion(c.get('db'), requireUser(c));
      return c.json({ data: row ? toDeletionRequestView(row) : null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/deletion-request/plan',
      tags,
      summary: 'What deleting your account would do to your money and work (shown before you ask)',
      responses: {
        200: {
          description: 'The plan, as if your request were processed now',
          content: { 'application/json': { schema: z.object({ data: ErasurePlanSchema }) } },
        },
        ...common,
      },
    }),
    async (c) => c.json({ data: await planAccountDeletion(c.get('db'), requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/account/deletion-request',
      tags,
      summary: 'Withdraw your pending deletion request',
      responses: {
        200: requestResponse('The cancelled request'),
        404: errorContent('Nothing pending'),
        ...common,
      },
    }),
    async (c) => {
      const row = await cancelAccountDeletion(c.get('db'), requireUser(c));
      return c.json({ data: toDeletionRequestView(row) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/export',
      tags,
      summary: 'Download everything stored about you as JSON',
      responses: {
        200: {
          description: 'A JSON file',
          content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
        },
        ...common,
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const data = await exportAccountData(c.var, user);
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="kollab-data-${day}.json"`);
      c.header('Cache-Control', 'no-store');
      return c.json(data, 200);
    },
  );
