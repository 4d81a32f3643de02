import { z } from 'zod';
import { INVITATION_STATUSES } from '../campaigns.ts';
import { CLAIM_STATUSES } from '../claims.ts';

export const SubmissionSchema = z
  .object({
    id: z.string(),
    /** Null once the creator's account was erased: the link leads to their social account (ADR 022). */
    url: z.string().nullable(),
    platform: z.string(),
    kind: z.string(),
    reviewNote: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Submission' });

export type Submission = z.infer<typeof SubmissionSchema>;

/** The creator as a claim or a match shows them to the brand. */
export const CreatorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  instagramFollowers: z.number().nullable(),
  tiktokHandle: z.string().nullable(),
  tiktokFollowers: z.number().nullable(),
});

export const ClaimSchema = z
  .object({
    id: z.string(),
    status: z.enum(CLAIM_STATUSES),
    campaign: z.object({
      id: z.string(),
      title: z.string(),
      brandId: z.string(),
      brandName: z.string(),
      maxRevisions: z.number(),
    }),
    creator: CreatorSummarySchema,
    payoutOre: z.number(),
    revisionsUsed: z.number(),
    autoAcceptAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    latestSubmission: SubmissionSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Claim' });
export type ClaimView = z.infer<typeof ClaimSchema>;

export const ClaimEventSchema = z
  .object({
    fromStatus: z.enum(CLAIM_STATUSES).nullable(),
    toStatus: z.enum(CLAIM_STATUSES),
    actorRole: z.string(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ClaimEvent' });

export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

export const ClaimDetailsSchema = ClaimSchema.extend({
  events: z.array(ClaimEventSchema),
  submissions: z.array(SubmissionSchema),
}).meta({ id: 'ClaimDetails' });
export type ClaimDetails = z.infer<typeof ClaimDetailsSchema>;

export const ClaimEnvelopeSchema = z.object({ data: ClaimDetailsSchema }).meta({ id: 'ClaimResponse' });
export const ClaimPageSchema = z.object({ data: z.array(ClaimSchema), total: z.number() }).meta({ id: 'ClaimPage' });

export const ListClaimsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  campaignId: z.string().max(64).optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListClaimsQuery = z.infer<typeof ListClaimsQuerySchema>;

export const CreateClaimBodySchema = z
  .object({ guidelinesConfirmed: z.boolean({ message: 'required' }) })
  .strict()
  .meta({ id: 'CreateClaimBody' });
export const ReasonBodySchema = z
  .object({ reason: z.string().trim().max(2000, 'too_long').optional() })
  .strict()
  .meta({ id: 'ReasonBody' });
export const SubmitBodySchema = z
  .object({
    url: z.string({ message: 'required' }).trim().max(2000, 'invalid_url'),
    adLabelConfirmed: z.boolean({ message: 'required' }),
  })
  .strict()
  .meta({ id: 'SubmitBody' });
export const ForceBodySchema = z
  .object({ to: z.enum(CLAIM_STATUSES), reason: z.string().trim().min(1, 'required').max(2000, 'too_long') })
  .strict()
  .meta({ id: 'ForceTransitionBody' });

export const InvitationSchema = z
  .object({
    id: z.string(),
    status: z.enum(INVITATION_STATUSES),
    respondBy: z.string(),
    score: z.number(),
    reasons: z.array(z.record(z.string(), z.unknown())),
    campaign: z.object({
      id: z.string(),
      title: z.string(),
      brandName: z.string(),
      payoutOre: z.number(),
      startsAt: z.string(),
      endsAt: z.string(),
    }),
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.object({ data: z.array(InvitationSchema) }).meta({ id: 'InvitationList' });
export const AnswerInvitationBodySchema = z
  .object({ guidelinesConfirmed: z.boolean().default(false) })
  .strict()
  .meta({ id: 'AcceptInvitationBody' });
