import { createRoute } from '@hono/zod-openapi';
import {
  RecoveryCodesAnswerSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupAnswerSchema,
  TwoFactorStatusAnswerSchema,
} from '@kollab/contract/api/two-factor';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { requireRecentSignIn } from './reauthentication.ts';
import { type SecurityNotice, sendSecurityNotice } from './security-notices.ts';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.service.ts';

const tags = ['Account'];
const common = { ...errorResponses, ...authErrorResponses };
const recentSignIn = { 403: errorContent('reauthentication_required: confirm the password (or a code) first') };
const conflict = { 409: errorContent('Already on, already off, or no setup started') };

/** Mails the owner about the change once the answer has gone out. */
function notify(c: Context<AppEnv>, notice: SecurityNotice): void {
  const user = requireUser(c);
  c.get('afterResponse').run(c, `security notice ${notice.kind}`, () => sendSecurityNotice(c.var, user, notice));
}

/**
 * Two-factor sign-in with an authenticator app (TOTP) and recovery codes (ADR 024). Turning it on,
 * off and replacing the recovery codes need a recent sign-in, like other security changes.
 */
export const twoFactorRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/two-factor',
      tags,
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      responses: { 200: jsonContent(TwoFactorStatusAnswerSchema, 'Status'), ...common },
    }),
    async (c) => c.json({ data: await twoFactorStatus(c.get('db'), requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/two-factor/setup',
      tags,
      summary: 'A new authenticator secret (QR URI and base32); on once a code from it is confirmed',
      responses: {
        200: jsonContent(TwoFactorSetupAnswerSchema, 'Scan or type it'),
        ...common,
        ...recentSignIn,
        ...conflict,
      },
    }),
    async (c) => c.json({ data: await startTwoFactorSetup(c.var, requireRecentSignIn(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/two-factor/confirm',
      tags,
      summary: 'Turn two-factor on with a code from the app; answers the recovery codes, once',
      request: jsonBody(TwoFactorCodeBodySchema),
      responses: { 200: jsonContent(RecoveryCodesAnswerSchema, 'On'), ...common, ...conflict },
    }),
    async (c) => {
      const codes = await confirmTwoFactorSetup(c.var, requireUser(c), c.req.valid('json').code);
      notify(c, { kind: 'twoFactorEnabled' });
      return c.json({ data: codes }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/two-factor/recovery-codes',
      tags,
      summary: 'New recovery codes; the earlier ones stop working',
      responses: { 200: jsonContent(RecoveryCodesAnswerSchema, 'Replaced'), ...common, ...recentSignIn, ...conflict },
    }),
    async (c) => {
      const codes = await regenerateRecoveryCodes(c.get('db'), requireRecentSignIn(c));
      notify(c, { kind: 'recoveryCodesReplaced' });
      return c.json({ data: codes }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/two-factor/disable',
      tags,
      summary: 'Turn two-factor off (not for admins)',
      responses: { 204: { description: 'Off' }, ...common, ...recentSignIn, ...conflict },
    }),
    async (c) => {
      await disableTwoFactor(c.get('db'), requireRecentSignIn(c));
      notify(c, { kind: 'twoFactorDisabled' });
      return c.body(null, 204);
    },
  );
