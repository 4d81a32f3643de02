import { createRoute } from '@hono/zod-openapi';
import {
  AnswerInvitationBodySchema,
  ClaimEnvelopeSchema,
  ClaimPageSchema,
  CreateClaimBodySchema,
  ForceBodySchema,
  InvitationListSchema,
  ListClaimsQuerySchema,
  ReasonBodySchema,
  SubmitBodySchema,
} from '@kollab/contract/api/claims';
import { IdParamSchema } from '@kollab/contract/api/fields';
import type { ClaimStatus } from '@kollab/contract/claims';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser, requireVerifiedUser } from '../../middleware/require-user.ts';
import { getVisibleCampaign } from '../campaigns/campaigns.service.ts';
import { requireIdentityForCampaign, requireIdentityForInvitation } from '../identity/identity-gates.ts';
import { getClaimDetails, listClaims, listInvitations } from './claims.queries.ts';
import { answerInvitation, createClaim, transitionClaim } from './claims.service.ts';

const tags = ['Claims'];
const common = {
  ...errorResponses,
  ...authErrorResponses,
  404: errorContent('Not found or not yours'),
  409: errorContent('Not allowed from the current state'),
};
const claimResponse = jsonContent(ClaimEnvelopeSchema, 'The claim with its history');

/** One route per party action; each is a transition of the server-side state machine. */
function actionRoute(path: string, summary: string) {
  return createRoute({
    method: 'post',
    path: `/claims/{id}/${path}`,
    tags,
    summary,
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: ReasonBodySchema } }, required: false },
    },
    responses: { 200: claimResponse, ...common },
  });
}

const ACTIONS: [path: string, to: ClaimStatus, summary: string][] = [
  ['approve', 'approved', 'Brand: approve a pending claim (takes a slot)'],
  ['reject', 'rejected', 'Brand: reject a pending or submitted claim'],
  ['cancel', 'cancelled', 'Creator: withdraw a pending claim'],
  ['request-changes', 'changes_requested', 'Brand: ask for changes to a submission (note required)'],
  ['accept', 'accepted', "Brand: accept the submission; the payout is the creator's"],
];

let router = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/claims',
      tags,
      summary: 'Claims: creators their own, brands those on their campaigns, admins all',
      request: { query: ListClaimsQuerySchema },
      responses: { 200: jsonContent(ClaimPageSchema, 'A page of claims'), ...common },
    }),
    async (c) => c.json(await listClaims(c.get('db'), requireUser(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/claims/{id}',
      tags,
      request: { params: IdParamSchema },
      responses: { 200: claimResponse, ...common },
    }),
    async (c) => c.json({ data: await getClaimDetails(c.get('db'), requireUser(c), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/campaigns/{id}/claims',
      tags,
      summary: 'Creator: claim an active campaign after confirming its guidelines',
      request: { params: IdParamSchema, ...jsonBody(CreateClaimBodySchema) },
      responses: { 201: claimResponse, ...common },
    }),
    async (c) => {
      requireRole(c, 'creator');
      const creator = requireVerifiedUser(c);
      const campaign = await getVisibleCampaign(c.get('db'), creator, c.req.valid('param').id);
      await requireIdentityForCampaign(c.get('db'), creator.id, campaign);
      const claim = await createClaim(c.var, creator, campaign, c.req.valid('json'));
      return c.json({ data: await getClaimDetails(c.get('db'), creator, claim.id) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/claims/{id}/submit',
      tags,
      summary: 'Creator: submit an Instagram or TikTok video link',
      request: { params: IdParamSchema, ...jsonBody(SubmitBodySchema) },
      responses: { 200: claimResponse, ...common },
    }),
    async (c) => {
      const actor = requireRole(c, 'creator', 'admin');
      const { id } = c.req.valid('param');
      await transitionClaim(c.var, actor, id, 'submitted', { submission: c.req.valid('json') });
      return c.json({ data: await getClaimDetails(c.get('db'), actor, id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/claims/{id}/force',
      tags,
      summary: 'Admin: make any transition of the state machine, with a reason (audited)',
      request: { params: IdParamSchema, ...jsonBody(ForceBodySchema) },
      responses: { 200: claimResponse, ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { id } = c.req.valid('param');
      const { to, reason } = c.req.valid('json');
      await transitionClaim(c.var, admin, id, to, { reason });
      return c.json({ data: await getClaimDetails(c.get('db'), admin, id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invitations',
      tags,
      summary: 'Creator: invitations from matched campaigns',
      responses: { 200: jsonContent(InvitationListSchema, 'Invitations'), ...common },
    }),
    async (c) => c.json({ data: await listInvitations(c.get('db'), requireRole(c, 'creator')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/{id}/accept',
      tags,
      summary: 'Creator: accept an invitation (creates a pending claim)',
      request: { params: IdParamSchema, ...jsonBody(AnswerInvitationBodySchema) },
      responses: { 201: claimResponse, ...common },
    }),
    async (c) => {
      requireRole(c, 'creator');
      const creator = requireVerifiedUser(c);
      const { guidelinesConfirmed } = c.req.valid('json');
      await requireIdentityForInvitation(c.get('db'), creator.id, c.req.valid('param').id);
      const claim = await answerInvitation(c.var, creator, c.req.valid('param').id, 'accepted', guidelinesConfirmed);
      if (!claim) throw new Error('accepting an invitation made no claim');
      return c.json({ data: await getClaimDetails(c.get('db'), creator, claim.id) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/{id}/decline',
      tags,
      summary: 'Creator: decline an invitation',
      request: { params: IdParamSchema },
      responses: { 204: { description: 'Declined' }, ...common },
    }),
    async (c) => {
      const creator = requireRole(c, 'creator');
      await answerInvitation(c.var, creator, c.req.valid('param').id, 'declined', false);
      return c.body(null, 204);
    },
  );

for (const [path, to, summary] of ACTIONS) {
  router = router.openapi(actionRoute(path, summary), async (c) => {
    const actor = requireUser(c);
    const { id } = c.req.valid('param');
    await transitionClaim(c.var, actor, id, to, c.req.valid('json') ?? {});
    return c.json({ data: await getClaimDetails(c.get('db'), actor, id) }, 200);
  });
}

export const claimRoutes = router;
