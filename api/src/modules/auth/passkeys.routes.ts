import { createRoute } from '@hono/zod-openapi';
import {
  PasskeyAnswerSchema,
  PasskeyIdParamSchema,
  PasskeyListSchema,
  PasskeyRegisterBodySchema,
  WebAuthnOptionsAnswerSchema,
} from '@kollab/contract/api/passkeys';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import {
  deletePasskey,
  finishPasskeyRegistration,
  listPasskeys,
  passkeyView,
  startPasskeyRegistration,
} from './passkeys.service.ts';
import { requireRecentSignIn } from './reauthentication.ts';

const tags = ['Account'];
const common = { ...errorResponses, ...authErrorResponses };
const recentSignIn = { 403: errorContent('reauthentication_required: confirm the password (or a code) first') };

/** Passkeys as another second factor, for accounts with two-factor on (ADR 027). */
export const passkeyRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/passkeys',
      tags,
      summary: 'Your passkeys',
      responses: { 200: jsonContent(PasskeyListSchema, 'Oldest first'), ...common },
    }),
    async (c) => c.json({ data: (await listPasskeys(c.get('db'), requireUser(c).id)).map(passkeyView) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/passkeys/options',
      tags,
      summary: 'Start adding a passkey: WebAuthn creation options (the challenge is kept 5 minutes)',
      responses: {
        200: jsonContent(WebAuthnOptionsAnswerSchema, 'Options for startRegistration()'),
        ...common,
        ...recentSignIn,
        409: errorContent('Two-factor is off, or 10 passkeys already'),
      },
    }),
    async (c) => c.json({ data: await startPasskeyRegistration(c.var, requireRecentSignIn(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/passkeys',
      tags,
      summary: "Add the passkey: the browser's answer to the options, verified and kept",
      request: jsonBody(PasskeyRegisterBodySchema),
      responses: {
        201: jsonContent(PasskeyAnswerSchema, 'Added'),
        ...common,
        ...recentSignIn,
        409: errorContent('No registration started (or it expired), or already registered'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const row = await finishPasskeyRegistration(c.var, requireRecentSignIn(c), {
        name: body.name,
        response: body.response as unknown as RegistrationResponseJSON,
      });
      return c.json({ data: passkeyView(row) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/account/passkeys/{id}',
      tags,
      summary: 'Remove a passkey',
      request: { params: PasskeyIdParamSchema },
      responses: {
        204: { description: 'Removed' },
        404: errorContent('No such passkey of yours'),
        ...common,
        ...recentSignIn,
      },
    }),
    async (c) => {
      await deletePasskey(c.get('db'), requireRecentSignIn(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
