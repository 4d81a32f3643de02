import { createRoute } from '@hono/zod-openapi';
import {
  SiteStatsSchema,
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionStatusSchema,
  TokenBodySchema,
} from '@kollab/contract/api/subscribers';
import { clientIp } from '../../lib/client-ip.ts';
import { createRouter } from '../../lib/create-router.ts';
import { errorContent, errorResponses } from '../../lib/openapi.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { subscribeMail } from './subscribers.mail.ts';
import { confirmSubscription, getSiteStats, subscribe, unsubscribe } from './subscribers.service.ts';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const rateLimited = { 429: errorContent('Too many attempts from this address') };

const subscribeRoute = createRoute({
  method: 'post',
  path: '/subscribers',
  tags: ['Newsletter'],
  summary: 'Subscribe to the newsletter (double opt-in: a confirmation mail is sent)',
  description:
    'A confirmed address is not changed here: the new details wait until the owner confirms them from a mailed link (valid 24 hours). The answer is the same either way.',
  request: { body: { required: true, ...json(SubscribeBodySchema) } },
  responses: { 202: { description: 'Accepted', ...json(SubscribeResultSchema) }, ...rateLimited, ...errorResponses },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/subscribers/confirm',
  tags: ['Newsletter'],
  summary:
    'Confirm a subscription (link valid 7 days) or a change to a confirmed one (24 hours) with the token from the mail',
  request: { body: { required: true, ...json(TokenBodySchema) } },
  responses: {
    200: { description: 'Confirmed', ...json(SubscriptionStatusSchema) },
    404: errorContent('Unknown, used, expired or forged token'),
    ...rateLimited,
    ...errorResponses,
  },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/subscribers/unsubscribe',
  tags: ['Newsletter'],
  summary: 'Unsubscribe with the token from any newsletter mail (no sign-in)',
  request: { body: { required: true, ...json(TokenBodySchema) } },
  responses: {
    200: { description: 'Unsubscribed', ...json(SubscriptionStatusSchema) },
    404: errorContent('Unknown or forged token'),
    ...rateLimited,
    ...errorResponses,
  },
});

const siteStatsRoute = createRoute({
  method: 'get',
  path: '/site-stats',
  tags: ['Newsletter'],
  summary: 'Public counts for the landing page',
  responses: { 200: { description: 'Counts', ...json(SiteStatsSchema) }, 500: errorResponses[500] },
});

// Limits per client IP. They run before body validation, so invalid requests count too.
const SUBSCRIBE_LIMIT = { limit: 20, windowSeconds: 15 * 60 };
const TOKEN_LIMIT = { limit: 30, windowSeconds: 15 * 60 };

export const subscriberRoutes = createRouter();

subscriberRoutes.use('/subscribers/*', async (c, next) => {
  if (c.req.method === 'POST') {
    const [key, rule] = c.req.path.endsWith('/subscribers')
      ? ['subscribe', SUBSCRIBE_LIMIT]
      : ['subscriber-token', TOKEN_LIMIT];
    await enforceRateLimit(c.get('db'), `${key}:${clientIp(c)}`, rule);
  }
  await next();
});

subscriberRoutes
  .openapi(subscribeRoute, (c) => {
    const input = c.req.valid('json');
    // Whether the address is subscribed is looked up after the answer, so its timing cannot tell (ADR 019).
    c.get('afterResponse').sendMail(c, 'newsletter subscription', async () => {
      const outcome = await subscribe(c.get('db'), input, { secret: c.get('secrets').sessionSecret });
      return subscribeMail(c.get('env').PUBLIC_URL, outcome);
    });
    return c.json({ status: 'pending_confirmation' as const }, 202);
  })
  .openapi(confirmRoute, async (c) => c.json(await confirmSubscription(c.get('db'), c.req.valid('json').token), 200))
  .openapi(unsubscribeRoute, async (c) => c.json(await unsubscribe(c.get('db'), c.req.valid('json').token), 200))
  .openapi(siteStatsRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await getSiteStats(c.get('db')), 200);
  });
