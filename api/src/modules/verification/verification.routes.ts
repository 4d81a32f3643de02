import { createRoute } from '@hono/zod-openapi';
import {
  AccountVerificationEnvelopeSchema,
  AccountVerificationListSchema,
  VerificationPlatformParamsSchema,
  VerifiedAccountsListSchema,
  VerifiedAccountsQuerySchema,
} from '@kollab/contract/api/verification';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import type { Provider } from '../discovery/provider.ts';
import { checkVerification, listVerifications, startVerification, verifiedAccountsOf } from './verification.service.ts';

const tags = ['Account verification'];
const common = { ...errorResponses, ...authErrorResponses };
const one = jsonContent(AccountVerificationEnvelopeSchema, 'The linked account and where its verification stands');

/** Verified Instagram/TikTok accounts: a one-time code in the bio, checked at the provider (ADR 032). */
export function createVerificationRoutes(provider: Provider) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/creator-profile/verifications',
        tags,
        summary: 'Your linked accounts and whether each is verified',
        responses: { 200: jsonContent(AccountVerificationListSchema, 'One entry per linked account'), ...common },
      }),
      async (c) => c.json({ data: await listVerifications(c.get('db'), requireRole(c, 'creator')) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/creator-profile/verifications/{platform}',
        tags,
        summary: 'Get a new one-time code for the linked account (valid 48 hours; replaces any older code)',
        request: { params: VerificationPlatformParamsSchema },
        responses: { 201: one, ...common, 409: errorContent('Already verified') },
      }),
      async (c) => {
        const creator = requireRole(c, 'creator');
        return c.json({ data: await startVerification(c.get('db'), creator, c.req.valid('param').platform) }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/creator-profile/verifications/{platform}/check',
        tags,
        summary: "Look for the code in the account's bio at the provider; verified when it is there",
        request: { params: VerificationPlatformParamsSchema },
        responses: {
          200: one,
          ...common,
          409: errorContent('No code, or the code is past its time (`verification_expired`)'),
          502: errorContent('The provider failed (`provider_error`); try again'),
          503: errorContent("Kollab's provider budget for today is spent"),
          504: errorContent('The provider did not answer in time (`provider_timeout`)'),
        },
      }),
      async (c) => {
        const creator = requireRole(c, 'creator');
        const deps = { db: c.get('db'), provider, logger: c.get('logger'), env: c.get('env') };
        return c.json({ data: await checkVerification(deps, creator, c.req.valid('param').platform) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/verified-accounts',
        tags,
        summary: 'Signed in: the verified accounts (badges) of up to 100 creators',
        request: { query: VerifiedAccountsQuerySchema },
        responses: { 200: jsonContent(VerifiedAccountsListSchema, 'One entry per id, in the order asked'), ...common },
      }),
      async (c) => {
        requireUser(c);
        return c.json({ data: await verifiedAccountsOf(c.get('db'), c.req.valid('query').ids) }, 200);
      },
    );
}
