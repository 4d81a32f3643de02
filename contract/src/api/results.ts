import { z } from 'zod';

const Problem = z.object({ code: z.string(), value: z.string().optional() });

export const AdLabelVerdictSchema = z
  .object({ ok: z.boolean(), problems: z.array(Problem), checkedAt: z.string() })
  .meta({ id: 'AdLabelVerdict' });

export const FiguresSchema = z
  .object({
    views: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int().nullable(),
    engagements: z.number().int(),
    engagementRate: z.number().nullable(),
    paidOre: z.number().int(),
    costPerViewOre: z.number().nullable(),
    cpmOre: z.number().nullable(),
    costPerEngagementOre: z.number().nullable(),
  })
  .meta({ id: 'ResultFigures' });
export type FiguresView = z.infer<typeof FiguresSchema>;

export const ReadingSchema = z
  .object({
    milestone: z.enum(['check', '1h', '24h', '7d', '30d']),
    readAt: z.string(),
    views: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int().nullable(),
    typicalViews: z.number().int().nullable(),
  })
  .meta({ id: 'PostReading' });
export type ReadingView = z.infer<typeof ReadingSchema>;

export const TrackedPostSchema = z
  .object({
    id: z.string(),
    claimId: z.string(),
    creator: z.object({ id: z.string(), name: z.string() }),
    platform: z.enum(['instagram', 'tiktok']),
    /** Null once the creator's account was erased (ADR 022); the numbers stay. */
    url: z.string().nullable(),
    status: z.enum(['checking', 'tracking', 'finished', 'disappeared']),
    postedAt: z.string().nullable(),
    caption: z.string().nullable(),
    adLabel: AdLabelVerdictSchema.nullable(),
    nextRead: z.object({ milestone: z.string(), at: z.string() }).nullable(),
    /** `cap_reached`: reads wait until the brand's monthly tracking budget renews. */
    pausedReason: z.enum(['cap_reached']).nullable(),
    disappearedAt: z.string().nullable(),
    readings: z.array(ReadingSchema),
    /** From the latest reading after acceptance (or the check); null before any read. */
    figures: FiguresSchema.nullable(),
  })
  .meta({ id: 'TrackedPost' });
export type TrackedPostView = z.infer<typeof TrackedPostSchema>;

export const CampaignResultsSchema = z
  .object({
    campaign: z.object({ id: z.string(), title: z.string(), payoutOre: z.number().int() }),
    totals: FiguresSchema,
    posts: z.array(TrackedPostSchema),
    /** The brand's tracking budget this Swedish month. */
    usage: z.object({
      month: z.string(),
      credits: z.number(),
      creditCap: z.number(),
      rawRequests: z.number().int(),
      rawCap: z.number().int(),
    }),
  })
  .meta({ id: 'CampaignResults' });
export type CampaignResultsView = z.infer<typeof CampaignResultsSchema>;

export const ResultsOverviewRowSchema = z
  .object({
    campaignId: z.string(),
    title: z.string(),
    brand: z.string(),
    posts: z.number().int(),
    flagged: z.number().int(),
    totals: FiguresSchema,
  })
  .meta({ id: 'ResultsOverviewRow' });

export const AdLabelFlagSchema = z
  .object({
    trackedPostId: z.string(),
    claimId: z.string(),
    campaignId: z.string(),
    campaignTitle: z.string(),
    creatorName: z.string(),
    url: z.string(),
    caption: z.string().nullable(),
    problems: z.array(Problem),
    checkedAt: z.string(),
    claimStatus: z.string(),
  })
  .meta({ id: 'AdLabelFlag' });
