import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../campaigns.ts';
import { DESK_SORTS, DESK_STATES } from '../desk.ts';
import { pageParams, SearchParam, sortParams } from './list-query.ts';

/*
 * The brand's campaign desk (GET /api/brand/campaigns, ADR 038): one row per campaign with what
 * waits for the brand (claims to approve, videos to review and when the first is accepted for
 * them) and what it has spent.
 */

export { DESK_SORTS, DESK_STATES, type DeskState } from '../desk.ts';

export const ListDeskCampaignsQuerySchema = z
  .object({
    ...pageParams,
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    ...sortParams(DESK_SORTS, 'createdAt'),
    state: z.enum(DESK_STATES).optional(),
    q: SearchParam,
  })
  .strict();
export type ListDeskCampaignsQuery = z.infer<typeof ListDeskCampaignsQuerySchema>;

export const DeskCampaignSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    state: z.enum(DESK_STATES),
    startsAt: z.string(),
    endsAt: z.string(),
    createdAt: z.string(),
    slots: z.number(),
    slotsTaken: z.number(),
    budgetOre: z.number(),
    payoutOre: z.number(),
    /** Payouts of accepted videos: money the brand has spent. */
    spentOre: z.number(),
    /** Payouts set aside for approved creators whose videos are not accepted yet. */
    reservedOre: z.number(),
    /** Pending claims waiting for the brand's approval. */
    claimsToApprove: z.number(),
    /** Submitted videos waiting for the brand's review. */
    videosToReview: z.number(),
    /** When the first of those videos is accepted automatically unless the brand reviews it. */
    nextAutoAcceptAt: z.string().nullable(),
  })
  .meta({ id: 'DeskCampaign' });
export type DeskCampaign = z.infer<typeof DeskCampaignSchema>;

export const DeskCampaignPageSchema = z
  .object({ data: z.array(DeskCampaignSchema), total: z.number(), totalIsEstimate: z.boolean() })
  .meta({ id: 'DeskCampaignPage' });
export type DeskCampaignPage = z.infer<typeof DeskCampaignPageSchema>;

export const DeskCampaignEnvelopeSchema = z.object({ data: DeskCampaignSchema }).meta({ id: 'DeskCampaignEnvelope' });
