import { z } from 'zod';
import {
  AGE_GROUPS,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUSES,
  CREATOR_TIERS,
  GENDERS,
  INVITATION_STATUSES,
  OBJECTIVES,
  PLATFORMS,
  USAGE_RIGHTS,
} from '../campaigns.ts';
import { CATEGORY_KEYS } from '../categories.ts';
import { CLAIM_STATUSES } from '../claims.ts';
import { CreatorSummarySchema } from './claims.ts';

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { message: 'required' }).min(1, 'required').max(max, 'too_many');
const optionalUrl = z
  .url({ protocol: /^https?$/, message: 'invalid_url' })
  .max(500, 'too_long')
  .nullable()
  .optional();
const hashtag = z
  .string()
  .trim()
  .transform((tag) => tag.replace(/^#/, ''))
  .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,50}$/u, 'invalid_hashtag'));
const ore = z.number({ message: 'required' }).int('invalid_amount').positive('invalid_amount').max(1e11, 'too_large');

const CampaignFields = {
  title: z.string({ message: 'required' }).trim().min(1, 'required').max(120, 'too_long'),
  description: z.string({ message: 'required' }).trim().min(1, 'required').max(5000, 'too_long'),
  objectives: list(z.enum(OBJECTIVES, { message: 'invalid_value' }), OBJECTIVES.length),
  categories: list(z.enum(CATEGORY_KEYS, { message: 'unknown_category' }), CATEGORY_KEYS.length),
  platforms: list(z.enum(PLATFORMS, { message: 'invalid_value' }), PLATFORMS.length),
  creatorTiers: list(z.enum(CREATOR_TIERS, { message: 'invalid_value' }), CREATOR_TIERS.length),
  audienceCountries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'invalid_country'), { message: 'invalid_value' })
    .max(30, 'too_many'),
  audienceAgeGroups: z.array(z.enum(AGE_GROUPS, { message: 'invalid_value' })).max(AGE_GROUPS.length),
  audienceGender: z.enum(GENDERS, { message: 'invalid_value' }),
  budgetOre: ore.meta({ description: 'Total budget in öre (SEK minor units)', example: 5_000_000 }),
  payoutOre: ore.meta({ description: 'Payout per creator in öre', example: 250_000 }),
  slots: z.number({ message: 'required' }).int('invalid_value').min(1, 'too_small').max(1000, 'too_large'),
  startsAt: z.iso.datetime({ offset: true, message: 'invalid_date' }),
  endsAt: z.iso.datetime({ offset: true, message: 'invalid_date' }),
  hashtags: z.array(hashtag).max(30, 'too_many'),
  preferredCreatorType: z.string().trim().max(200, 'too_long').nullable().optional(),
  brandLink: optionalUrl,
  productLink: optionalUrl,
  guidelines: z.array(z.string().trim().min(1, 'required').max(500, 'too_long')).max(20, 'too_many'),
  usageRights: z.enum(USAGE_RIGHTS, { message: 'invalid_value' }),
  usageMonths: z.number().int('invalid_value').min(1, 'too_small').max(24, 'too_large').nullable().optional(),
  maxRevisions: z.number().int('invalid_value').min(0, 'too_small').max(5, 'too_large'),
  requireVerifiedCreators: z.boolean({ message: 'invalid_value' }).meta({
    description: 'Only creators whose identity is verified with BankID may claim',
  }),
};

/** Defaults apply when a campaign is created, never to a partial edit. */
const CREATE_DEFAULTS = {
  audienceCountries: CampaignFields.audienceCountries.default([]),
  audienceAgeGroups: CampaignFields.audienceAgeGroups.default([]),
  audienceGender: CampaignFields.audienceGender.default('any'),
  hashtags: CampaignFields.hashtags.default([]),
  guidelines: CampaignFields.guidelines.default([]),
  usageRights: CampaignFields.usageRights.default('organic'),
  maxRevisions: CampaignFields.maxRevisions.default(2),
  requireVerifiedCreators: CampaignFields.requireVerifiedCreators.default(false),
};

type MoneyAndDates = {
  budgetOre?: number;
  payoutOre?: number;
  slots?: number;
  startsAt?: string;
  endsAt?: string;
  usageRights?: string;
  usageMonths?: number | null;
};

/** The cross-field rules: payout × slots ≤ budget, end after start, paid-ads usage needs months. */
export function campaignRuleIssues(input: MoneyAndDates): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (input.budgetOre !== undefined && input.payoutOre !== undefined && input.slots !== undefined) {
    if (input.payoutOre * input.slots > input.budgetOre) fields.budgetOre = ['below_payout_times_slots'];
  }
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    fields.endsAt = ['before_start'];
  }
  if (input.usageRights === 'paid_ads' && !input.usageMonths) fields.usageMonths = ['required'];
  return fields;
}

export const CreateCampaignBodySchema = z
  .object({ ...CampaignFields, ...CREATE_DEFAULTS })
  .strict()
  .superRefine((input, ctx) => {
    for (const [path, messages] of Object.entries(campaignRuleIssues(input))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  })
  .meta({ id: 'CreateCampaignBody' });
export type CreateCampaignBody = z.infer<typeof CreateCampaignBodySchema>;

export const UpdateCampaignBodySchema = z
  .object(
    Object.fromEntries(Object.entries(CampaignFields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof CampaignFields]: z.ZodOptional<(typeof CampaignFields)[K]>;
    },
  )
  .strict()
  .meta({ id: 'UpdateCampaignBody' });
export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBodySchema>;

export const CampaignSchema = z
  .object({
    id: z.string(),
    brand: z.object({
      id: z.string(),
      name: z.string(),
      instagram: z
        .object({
          handle: z.string(),
          posts: z.number().nullable(),
          followers: z.number().nullable(),
          following: z.number().nullable(),
        })
        .nullable(),
    }),
    title: z.string(),
    description: z.string(),
    objectives: z.array(z.enum(OBJECTIVES)),
    categories: z.array(z.string()),
    platforms: z.array(z.enum(PLATFORMS)),
    creatorTiers: z.array(z.enum(CREATOR_TIERS)),
    audienceCountries: z.array(z.string()),
    audienceAgeGroups: z.array(z.enum(AGE_GROUPS)),
    audienceGender: z.enum(GENDERS),
    budgetOre: z.number(),
    payoutOre: z.number(),
    slots: z.number(),
    slotsTaken: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    hashtags: z.array(z.string()),
    preferredCreatorType: z.string().nullable(),
    brandLink: z.string().nullable(),
    productLink: z.string().nullable(),
    guidelines: z.array(z.string()),
    usageRights: z.enum(USAGE_RIGHTS),
    usageMonths: z.number().nullable(),
    maxRevisions: z.number(),
    requireVerifiedCreators: z.boolean(),
    coverUrl: z.string().nullable(),
    /** The cover at several widths, for `<img srcset>`; null when there is one size only. */
    coverSrcSet: z.string().nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    state: z.enum(CAMPAIGN_STATES),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    myClaim: z.object({ id: z.string(), status: z.enum(CLAIM_STATUSES) }).nullable(),
  })
  .meta({ id: 'Campaign' });
export type CampaignView = z.infer<typeof CampaignSchema>;

export const CampaignEnvelopeSchema = z.object({ data: CampaignSchema }).meta({ id: 'CampaignResponse' });
export const CampaignPageSchema = z
  .object({
    data: z.array(CampaignSchema),
    total: z.number(),
    /** Past 10,000 matching campaigns `total` is the planner's estimate (ADR 036). */
    totalIsEstimate: z.boolean(),
    /** Pass as `cursor` for the page after this one (ADR 036); null when this page is the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'CampaignPage' });

export const ListCampaignsQuerySchema = z.object({
  /** Past NUMBERED_PAGES_ROWS campaigns (contract/src/campaigns.ts) only with `cursor`. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** The previous page's `nextCursor`: the page starts after its last row (`page` is then only what the client shows). */
  cursor: z.string().trim().min(1).max(400).optional(),
  q: z.string().trim().max(100).optional(),
  category: z.enum(CATEGORY_KEYS).optional(),
  platform: z.enum(PLATFORMS).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  sort: z.enum(['startsAt', 'createdAt', 'title', 'payoutOre']).default('startsAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuerySchema>;

export const MatchSchema = z
  .object({
    invitationId: z.string(),
    creator: CreatorSummarySchema,
    score: z.number(),
    reasons: z.array(z.record(z.string(), z.unknown())),
    status: z.enum(INVITATION_STATUSES),
    respondBy: z.string(),
  })
  .meta({ id: 'Match' });
export type Match = z.infer<typeof MatchSchema>;
export const MatchListSchema = z.object({ data: z.array(MatchSchema) }).meta({ id: 'MatchList' });

/** What a campaign has committed (accepted payouts) against its budget, in öre. */
export const CampaignSpendSchema = z
  .object({
    budgetOre: z.number(),
    committedOre: z.number(),
    remainingOre: z.number(),
    acceptedClaims: z.number(),
  })
  .meta({ id: 'CampaignSpend' });
export type CampaignSpend = z.infer<typeof CampaignSpendSchema>;
