import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { BankIdOrderSchema, IdentitySchema } from '@kollab/contract/api/identity';
import type { Context } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import { cancelBankIdOrder, collectBankIdOrder, startBankIdOrder, toBankIdOrderView } from './bankid-orders.service.ts';
import { completionHandlers } from './completion-handlers.ts';
import { assertCanVerify, getIdentity } from './identity.service.ts';

const tags = ['Identity (BankID)'];
const common = {
  ...errorResponses,
  ...authErrorResponses,
  409: errorContent('Already verified, or BankID has an order in progress for this person'),
  503: errorContent('BankID is unavailable'),
};
const orderEnvelope = (description: string) => jsonContent(z.object({ data: BankIdOrderSchema }), description);

/** The address BankID is told the user is at (`endUserIp`). */
export function endUserIp(c: Context<AppEnv>): string {
  const ip = clientIp(c);
  return ip === 'local' || ip === 'unknown' ? '127.0.0.1' : ip.replace(/^::ffff:/, '');
}

const bankIdDeps = (c: Context<AppEnv>) => ({
  db: c.get('db'),
  secrets: c.get('secrets'),
  bankId: c.get('bankId'),
  logger: c.get('logger'),
});

export const identityRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/identity',
      tags,
      summary: 'Your identity: verified with BankID or not, when, and the date from which it is required',
      responses: { 200: jsonContent(z.object({ data: IdentitySchema }), 'Identity'), ...common },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json({ data: await getIdentity(c.get('db'), c.get('env'), c.get('secrets'), user) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/identity/bankid',
      tags,
      summary: 'Creator: start verifying your identity with BankID (an auth order)',
      responses: { 201: orderEnvelope('The order, with its QR code for this second'), ...common },
    }),
    async (c) => {
      const user = requireRole(c, 'creator');
      await assertCanVerify(c.get('db'), user);
      const order = await startBankIdOrder(bankIdDeps(c), user, { purpose: 'identify', endUserIp: endUserIp(c) });
      return c.json({ data: toBankIdOrderView(bankIdDeps(c), order) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/bankid/orders/{id}',
      tags,
      summary: 'Your BankID order: collects it from BankID; pending answers carry this second’s QR code',
      request: { params: IdParamSchema },
      responses: { 200: orderEnvelope('The order'), 404: errorContent('No such order of yours'), ...common },
    }),
    async (c) => {
      const user = requireUser(c);
      const order = await collectBankIdOrder(bankIdDeps(c), completionHandlers(c.var), user, c.req.valid('param').id);
      return c.json({ data: toBankIdOrderView(bankIdDeps(c), order) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/bankid/orders/{id}',
      tags,
      summary: 'Cancel your pending BankID order',
      request: { params: IdParamSchema },
      responses: { 200: orderEnvelope('The order, cancelled'), 404: errorContent('No such order of yours'), ...common },
    }),
    async (c) => {
      const user = requireUser(c);
      const order = await cancelBankIdOrder(bankIdDeps(c), user, c.req.valid('param').id);
      return c.json({ data: toBankIdOrderView(bankIdDeps(c), order) }, 200);
    },
  );
