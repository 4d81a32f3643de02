import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { AccountSessionListSchema, SessionsRevokedSchema } from '@kollab/contract/api/sessions';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { requireRecentSignIn } from './reauthentication.ts';
import { deleteSessionCookie } from './session.ts';
import { endAccountSession, endOtherAccountSessions, listAccountSessions } from './sessions.service.ts';

const tags = ['Account'];
const common = { ...errorResponses, ...authErrorResponses };
const recentSignIn = { 403: errorContent('Not allowed, or reauthentication_required: confirm the password first') };

/** The id of the session this request was made with (a signed-in user always has one). */
function currentSessionId(c: Context<AppEnv>): string {
  const id = c.get('session')?.id;
  if (!id) throw new AppError('unauthorized', 'Sign in first');
  return id;
}

/**
 * The signed-in user's own sessions (ADR 021). Ending sessions needs a recent sign-in, as other
 * sensitive changes do (ADR 013): a stolen cookie alone cannot sign the owner out, while the owner,
 * who knows the password, can always sign the thief out.
 */
export const sessionRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/sessions',
      tags,
      summary: 'Your active sessions: device, network range, when created and last seen',
      responses: { 200: jsonContent(AccountSessionListSchema, 'Active sessions, this device first'), ...common },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json({ data: await listAccountSessions(c.get('db'), user.id, currentSessionId(c)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/account/sessions/{id}',
      tags,
      summary: 'Sign one of your sessions out (this one too, which also clears its cookie); needs a recent sign-in',
      request: { params: IdParamSchema },
      responses: {
        204: { description: 'Signed out' },
        404: errorContent('No such session of yours'),
        ...common,
        ...recentSignIn,
      },
    }),
    async (c) => {
      const user = requireRecentSignIn(c);
      const ended = await endAccountSession(c.get('db'), user.id, c.req.valid('param').id);
      if (ended === currentSessionId(c)) deleteSessionCookie(c);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/sessions/revoke-others',
      tags,
      summary: 'Sign out every session but this one; needs a recent sign-in',
      responses: { 200: jsonContent(SessionsRevokedSchema, 'How many were signed out'), ...common, ...recentSignIn },
    }),
    async (c) => {
      const user = requireRecentSignIn(c);
      return c.json({ revoked: await endOtherAccountSessions(c.get('db'), user.id, currentSessionId(c)) }, 200);
    },
  );
