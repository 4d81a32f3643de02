import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminAuditQuerySchema,
  AdminBrandSchema,
  AdminBrandsQuerySchema,
  AdminCampaignSchema,
  AdminCampaignsQuerySchema,
  AdminClaimSchema,
  AdminClaimsQuerySchema,
  AdminCreatorSchema,
  AdminCreatorsQuerySchema,
  AdminDeletionRequestsQuerySchema,
  AdminProviderUsageQuerySchema,
  AdminProviderUsageSchema,
  AdminSubscriberSchema,
  AdminSubscribersQuerySchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AuditEntrySchema,
  BulkApproveBodySchema,
  BulkApproveResultSchema,
  ChangeRoleBodySchema,
  DeletionRequestSchema,
  SuspendBodySchema,
} from '@kollab/contract/api/admin';
import { ErasurePlanSchema } from '@kollab/contract/api/deletion-requests';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { processDeletionRequest } from '../deletion-requests/deletion-requests.processing.ts';
import { planDeletionRequest } from '../deletion-requests/erasure-plan.service.ts';
import { approveClaims, CAMPAIGNS_CSV, CLAIMS_CSV, listCampaigns, listClaims } from './content.service.ts';
import { addAdminList } from './list-routes.ts';
import { BRANDS_CSV, CREATORS_CSV, listBrands, listCreators, listUsers, USERS_CSV } from './people.service.ts';
import {
  AUDIT_CSV,
  DELETION_REQUESTS_CSV,
  deleteSubscriber,
  listAuditLog,
  listDeletionRequests,
  listSubscribers,
  SUBSCRIBERS_CSV,
  toDeletionRequestView,
} from './privacy.service.ts';
import { listProviderUsage, PROVIDER_USAGE_CSV } from './provider-usage.service.ts';
import { changeRole, resendVerificationFor, suspendUser, unsuspendUser } from './user-actions.service.ts';

const tags = ['Admin'];
const common = {
  ...errorResponses,
  ...authErrorResponses,
  404: errorContent('No such record'),
  409: errorContent('Not possible in the current state'),
};
const userResponse = jsonContent(z.object({ data: AdminUserSchema }), 'The user after the change');

/** Every admin route answers 401 without a session and 403 for other roles, before anything else runs. */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireRole(c, 'admin');
  await next();
});

export const adminRoutes = createRouter();
adminRoutes.use('/admin/*', adminOnly);

addAdminList(adminRoutes, {
  resource: 'users',
  noun: 'users',
  query: AdminUsersQuerySchema,
  row: AdminUserSchema,
  list: listUsers,
  csv: USERS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'brands',
  noun: 'brands with their profiles',
  query: AdminBrandsQuerySchema,
  row: AdminBrandSchema,
  list: listBrands,
  csv: BRANDS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'creators',
  noun: 'creators with their profiles and tiers',
  query: AdminCreatorsQuerySchema,
  row: AdminCreatorSchema,
  list: listCreators,
  csv: CREATORS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'campaigns',
  noun: 'campaigns',
  query: AdminCampaignsQuerySchema,
  row: AdminCampaignSchema,
  list: listCampaigns,
  csv: CAMPAIGNS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'claims',
  noun: 'claims',
  query: AdminClaimsQuerySchema,
  row: AdminClaimSchema,
  list: listClaims,
  csv: CLAIMS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'provider-usage',
  noun: 'provider credits and raw requests per user and day',
  query: AdminProviderUsageQuerySchema,
  row: AdminProviderUsageSchema,
  list: listProviderUsage,
  csv: PROVIDER_USAGE_CSV,
});
addAdminList(adminRoutes, {
  resource: 'subscribers',
  noun: 'newsletter subscribers',
  query: AdminSubscribersQuerySchema,
  row: AdminSubscriberSchema,
  list: listSubscribers,
  csv: SUBSCRIBERS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'deletion-requests',
  noun: 'deletion requests',
  query: AdminDeletionRequestsQuerySchema,
  row: DeletionRequestSchema,
  list: listDeletionRequests,
  csv: DELETION_REQUESTS_CSV,
});
addAdminList(adminRoutes, {
  resource: 'audit-log',
  noun: 'audit log entries',
  query: AdminAuditQuerySchema,
  row: AuditEntrySchema,
  list: listAuditLog,
  csv: AUDIT_CSV,
});

adminRoutes
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/role',
      tags,
      summary: "Admin: change a user's role (ends their sessions; audited with before/after)",
      request: { params: IdParamSchema, ...jsonBody(ChangeRoleBodySchema) },
      responses: { 200: userResponse, ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const user = await changeRole(c.get('db'), admin, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ data: user }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/suspend',
      tags,
      summary: 'Admin: suspend a user with a reason (ends their sessions; audited)',
      request: { params: IdParamSchema, ...jsonBody(SuspendBodySchema) },
      responses: { 200: userResponse, ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const user = await suspendUser(c.get('db'), admin, c.req.valid('param').id, c.req.valid('json').reason);
      return c.json({ data: user }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/unsuspend',
      tags,
      summary: 'Admin: lift a suspension (audited)',
      request: { params: IdParamSchema, ...jsonBody(SuspendBodySchema.partial(), false) },
      responses: { 200: userResponse, ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const reason = c.req.valid('json')?.reason;
      return c.json({ data: await unsuspendUser(c.get('db'), admin, c.req.valid('param').id, reason) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/resend-verification',
      tags,
      summary: 'Admin: send a new e-mail verification link (audited)',
      request: { params: IdParamSchema },
      responses: { 202: jsonContent(z.object({ status: z.literal('sent') }), 'Sent'), ...common },
    }),
    async (c) => {
      await resendVerificationFor(c.var, requireRole(c, 'admin'), c.req.valid('param').id);
      return c.json({ status: 'sent' as const }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/claims/approve',
      tags,
      summary: 'Admin: approve pending claims in bulk; one result (200, 404 or 409) per id',
      request: jsonBody(BulkApproveBodySchema),
      responses: { 200: jsonContent(BulkApproveResultSchema, 'Per-id results'), ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { ids, reason } = c.req.valid('json');
      return c.json(await approveClaims(c.var, admin, ids, reason ?? 'Approved in bulk by an admin'), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/subscribers/{id}',
      tags,
      summary: 'Admin: delete a newsletter subscriber (audited)',
      request: { params: IdParamSchema },
      responses: { 204: { description: 'Deleted' }, ...common },
    }),
    async (c) => {
      await deleteSubscriber(c.get('db'), requireRole(c, 'admin'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/deletion-requests/{id}/process',
      tags,
      summary: 'Admin: carry out a confirmed deletion request now, before its due date',
      description:
        "The account's money and work are settled first (ADR 022). 200: erased. 202: held, nothing erased; " +
        '`heldReason` says why (a payout to make or return, or a balance with nowhere to pay it).',
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(z.object({ data: DeletionRequestSchema }), 'The completed request'),
        202: jsonContent(z.object({ data: DeletionRequestSchema }), 'The request, still pending and held'),
        ...common,
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { request, outcome } = await processDeletionRequest(c.var, admin, c.req.valid('param').id);
      const body = { data: toDeletionRequestView(request) };
      return outcome === 'completed' ? c.json(body, 200) : c.json(body, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/deletion-requests/{id}/plan',
      tags,
      summary: "Admin: what processing the request would do to the account's money and work",
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(
          z.object({ data: ErasurePlanSchema.nullable() }),
          'The plan, or null when the address has no account',
        ),
        ...common,
      },
    }),
    async (c) => c.json({ data: await planDeletionRequest(c.get('db'), c.req.valid('param').id) }, 200),
  );
