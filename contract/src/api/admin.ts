import { z } from 'zod';
import { CAMPAIGN_STATES, CAMPAIGN_STATUSES } from '../campaigns.ts';
import { CATEGORY_KEYS } from '../categories.ts';
import { CLAIM_STATUSES } from '../claims.ts';
import { DELETION_HOLD_REASONS } from './deletion-requests.ts';
import { LocaleSchema, RoleSchema } from './fields.ts';
import { IdFilter, keysetPageParams, SearchParam, sortParams, YesNoFilter } from './list-query.ts';

const nullableDate = z.string().nullable();

// Query schemas: strict, so an unknown parameter is a 422 naming it.

export const AdminUsersQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt', 'email', 'fullName'], 'createdAt'),
    q: SearchParam,
    role: RoleSchema.optional(),
    suspended: YesNoFilter,
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminBrandsQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt', 'email', 'fullName', 'companyName'], 'createdAt'),
    q: SearchParam,
    suspended: YesNoFilter,
  })
  .strict();
export type AdminBrandsQuery = z.infer<typeof AdminBrandsQuerySchema>;

export const AdminCreatorsQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt', 'email', 'fullName', 'instagramFollowers', 'tiktokFollowers'], 'createdAt'),
    q: SearchParam,
    category: z.enum(CATEGORY_KEYS).optional(),
    suspended: YesNoFilter,
  })
  .strict();
export type AdminCreatorsQuery = z.infer<typeof AdminCreatorsQuerySchema>;

export const AdminCampaignsQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt', 'startsAt', 'endsAt', 'title', 'budgetOre'], 'createdAt'),
    q: SearchParam,
    status: z.enum(CAMPAIGN_STATUSES).optional(),
    brandId: IdFilter,
  })
  .strict();
export type AdminCampaignsQuery = z.infer<typeof AdminCampaignsQuerySchema>;

export const AdminClaimsQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt', 'updatedAt', 'status'], 'createdAt'),
    status: z.enum(CLAIM_STATUSES).optional(),
    campaignId: IdFilter,
    creatorId: IdFilter,
  })
  .strict();
export type AdminClaimsQuery = z.infer<typeof AdminClaimsQuerySchema>;

export const AdminSubscribersQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt', 'email'], 'createdAt'),
    q: SearchParam,
    confirmed: YesNoFilter,
    locale: LocaleSchema.optional(),
  })
  .strict();
export type AdminSubscribersQuery = z.infer<typeof AdminSubscribersQuerySchema>;

export const AdminDeletionRequestsQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['dueAt', 'createdAt'], 'dueAt'),
    status: z.enum(['pending', 'completed', 'cancelled']).optional(),
    source: z.enum(['account', 'public']).optional(),
  })
  .strict();
export type AdminDeletionRequestsQuery = z.infer<typeof AdminDeletionRequestsQuerySchema>;

export const AdminAuditQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['createdAt'], 'createdAt'),
    action: z.string().trim().min(1).max(100).optional(),
    entityType: z.string().trim().min(1).max(50).optional(),
    entityId: IdFilter,
    actorId: IdFilter,
  })
  .strict();
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

// Rows.

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    role: RoleSchema,
    locale: LocaleSchema,
    emailVerified: z.boolean(),
    suspendedAt: nullableDate,
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminBrandSchema = AdminUserSchema.extend({
  companyName: z.string().nullable(),
  orgNumber: z.string().nullable(),
  website: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  instagramFollowers: z.number().nullable(),
  campaigns: z.number(),
}).meta({ id: 'AdminBrand' });
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const AdminCreatorSchema = AdminUserSchema.extend({
  categories: z.array(z.string()),
  instagramHandle: z.string().nullable(),
  instagramFollowers: z.number().nullable(),
  tiktokHandle: z.string().nullable(),
  tiktokFollowers: z.number().nullable(),
  tier: z.enum(['nano', 'micro']).nullable(),
  identityVerifiedAt: z
    .string()
    .nullable()
    .meta({ description: 'When the creator verified their identity with BankID' }),
}).meta({ id: 'AdminCreator' });
export type AdminCreator = z.infer<typeof AdminCreatorSchema>;

export const AdminCampaignSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    brand: z.object({ id: z.string(), name: z.string(), companyName: z.string().nullable() }),
    status: z.enum(CAMPAIGN_STATUSES),
    state: z.enum(CAMPAIGN_STATES),
    budgetOre: z.number(),
    payoutOre: z.number(),
    slots: z.number(),
    slotsTaken: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCampaign' });
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;

export const AdminClaimSchema = z
  .object({
    id: z.string(),
    status: z.enum(CLAIM_STATUSES),
    campaign: z.object({ id: z.string(), title: z.string() }),
    creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    payoutOre: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminClaim' });
export type AdminClaim = z.infer<typeof AdminClaimSchema>;

export const AdminSubscriberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    instagramName: z.string().nullable(),
    tiktokName: z.string().nullable(),
    categories: z.array(z.string()),
    locale: LocaleSchema,
    consentVersion: z.string(),
    confirmedAt: nullableDate,
    unsubscribedAt: nullableDate,
    createdAt: z.string(),
  })
  .meta({ id: 'AdminSubscriber' });
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>;

export const DeletionRequestSchema = z
  .object({
    id: z.string(),
    userId: z.string().nullable(),
    email: z.string(),
    locale: LocaleSchema,
    source: z.enum(['account', 'public']),
    status: z.enum(['pending', 'completed', 'cancelled']),
    confirmedAt: nullableDate,
    dueAt: z.string(),
    completedAt: nullableDate,
    createdAt: z.string(),
    heldReason: z.enum(DELETION_HOLD_REASONS).nullable().meta({
      description: 'Set while a due request waits for money to be settled (ADR 022)',
    }),
    bookkeepingKeptUntil: z.iso.date().nullable().meta({
      description: 'For a completed request: the last day its anonymised bookkeeping records are kept',
    }),
  })
  .meta({ id: 'DeletionRequest' });
export type DeletionRequestView = z.infer<typeof DeletionRequestSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), role: z.string() }),
    action: z.string(),
    entity: z.object({ type: z.string(), id: z.string() }),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

// Action bodies.

const Reason = z.string().trim().min(1, 'required').max(2000, 'too_long');

export const ChangeRoleBodySchema = z
  .object({ role: RoleSchema, reason: Reason.optional() })
  .strict()
  .meta({ id: 'ChangeRoleBody' });
export const SuspendBodySchema = z.object({ reason: Reason }).strict().meta({ id: 'SuspendBody' });
export const BulkApproveBodySchema = z
  .object({
    ids: z.array(z.string().min(1).max(64)).min(1, 'too_few').max(100, 'too_many'),
    reason: Reason.optional(),
  })
  .strict()
  .meta({ id: 'BulkApproveBody' });

export const BulkApproveResultSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        status: z.number().meta({ description: '200 approved, 404 not found, 409 not pending or no slot left' }),
        claimStatus: z.enum(CLAIM_STATUSES).nullable(),
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'BulkApproveResult' });
export type BulkApproveResult = z.infer<typeof BulkApproveResultSchema>;

const Day = z.iso.date().optional();

export const AdminProviderUsageQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['day', 'credits', 'rawRequests', 'requests'], 'day'),
    q: SearchParam.meta({ description: 'E-mail or brand name contains' }),
    userId: IdFilter,
    from: Day.meta({ description: 'First day (YYYY-MM-DD), inclusive' }),
    to: Day.meta({ description: 'Last day (YYYY-MM-DD), inclusive' }),
  })
  .strict();
export type AdminProviderUsageQuery = z.infer<typeof AdminProviderUsageQuerySchema>;

export const AdminProviderUsageSchema = z
  .object({
    id: z.string().meta({ description: '<userId>:<day>, stable per row' }),
    day: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    role: z.string(),
    brandName: z.string().nullable(),
    credits: z.number(),
    rawRequests: z.number().int(),
    requests: z.number().int(),
    cacheHits: z.number().int(),
  })
  .meta({ id: 'AdminProviderUsage' });
export type AdminProviderUsage = z.infer<typeof AdminProviderUsageSchema>;
