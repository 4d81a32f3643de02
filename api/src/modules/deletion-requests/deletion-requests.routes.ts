import { createRoute } from '@hono/zod-openapi';
import {
  ConfirmDeletionRequestBodySchema,
  CreateDeletionRequestBodySchema,
  DeletionRequestConfirmedSchema,
  DeletionRequestReceivedSchema,
} from '@kollab/contract/api/deletion-requests';
import { clientIp } from '../../lib/client-ip.ts';
import { createRouter } from '../../lib/create-router.ts';
import { errorContent, errorResponses } from '../../lib/openapi.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { deletionConfirmationMail } from './deletion-requests.mail.ts';
import { confirmDeletionRequest, createDeletionRequest } from './deletion-requests.service.ts';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const rateLimited = { 429: errorContent('Too many attempts from this address') };

const createDeletionRequestRoute = createRoute({
  method: 'post',
  path: '/deletion-requests',
  tags: ['Data deletion'],
  summary: 'Ask for personal data to be deleted (a confirmation mail is sent; done within 14 days)',
  request: { body: { required: true, ...json(CreateDeletionRequestBodySchema) } },
  responses: {
    202: { description: 'Received', ...json(DeletionRequestReceivedSchema) },
    ...rateLimited,
    ...errorResponses,
  },
});

const confirmDeletionRequestRoute = createRoute({
  method: 'post',
  path: '/deletion-requests/confirm',
  tags: ['Data deletion'],
  summary: 'Confirm a deletion request with the token from its mail (valid 24 hours, once)',
  request: { body: { required: true, ...json(ConfirmDeletionRequestBodySchema) } },
  responses: {
    200: { description: 'Confirmed', ...json(DeletionRequestConfirmedSchema) },
    404: errorContent('Unknown, used, expired or forged token'),
    ...rateLimited,
    ...errorResponses,
  },
});

// Per client IP, before body validation so invalid requests count too.
const DELETION_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

export const deletionRequestRoutes = createRouter();

deletionRequestRoutes.use('/deletion-requests/*', async (c, next) => {
  if (c.req.method === 'POST') await enforceRateLimit(c.get('db'), `deletion-request:${clientIp(c)}`, DELETION_LIMIT);
  await next();
});

deletionRequestRoutes
  .openapi(createDeletionRequestRoute, async (c) => {
    const outcome = await createDeletionRequest(c.get('db'), c.req.valid('json'));
    if (outcome.confirmToken) {
      const mail = deletionConfirmationMail(
        c.get('env').PUBLIC_URL,
        outcome.email,
        outcome.locale,
        outcome.confirmToken,
      );
      await c.get('mailer').send(mail);
    }
    return c.json({ status: 'received' as const }, 202);
  })
  .openapi(confirmDeletionRequestRoute, async (c) =>
    c.json(await confirmDeletionRequest(c.get('db'), c.req.valid('json').token), 200),
  );
