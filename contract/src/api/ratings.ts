import { z } from 'zod';
import { BRAND_CRITERIA, CREATOR_CRITERIA } from '../ratings.ts';

const Score = z.number({ message: 'required' }).int('invalid_score').min(1, 'invalid_score').max(5, 'invalid_score');
const Comment = z.string().trim().max(1000, 'too_long').optional();

/** What the brand gives the creator. */
export const BrandRatingBodySchema = z
  .object({ delivery: Score, quality: Score, comment: Comment })
  .strict()
  .meta({ id: 'BrandRatingBody' });
/** What the creator gives the brand. */
export const CreatorRatingBodySchema = z
  .object({ brief: Score, communication: Score, payment: Score, comment: Comment })
  .strict()
  .meta({ id: 'CreatorRatingBody' });
/** What the route accepts: either side's criteria; the API then holds each side to its own (`not_allowed`, `required`). */
export const RatingBodySchema = z
  .object({
    delivery: Score.optional(),
    quality: Score.optional(),
    brief: Score.optional(),
    communication: Score.optional(),
    payment: Score.optional(),
    comment: Comment,
  })
  .strict()
  .meta({ id: 'RatingBody' });
export type RatingBody = z.infer<typeof RatingBodySchema>;

export const RatingSchema = z
  .object({
    /** Who gave it: the brand (about the creator) or the creator (about the brand). */
    by: z.enum(['brand', 'creator']),
    scores: z.partialRecord(z.enum([...BRAND_CRITERIA, ...CREATOR_CRITERIA]), z.number()),
    comment: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Rating' });
export type RatingView = z.infer<typeof RatingSchema>;

export const ClaimRatingsSchema = z
  .object({
    /** When rating ends (acceptance + the window); null before the claim is accepted. */
    closesAt: z.string().nullable(),
    /** Whether the signed-in party may still rate (accepted, window open, not yet rated). */
    canRate: z.boolean(),
    /** True once both rated or the window closed: then the other side's rating is shown. */
    revealed: z.boolean(),
    mine: RatingSchema.nullable(),
    /** The other side's rating, only once revealed. */
    theirs: RatingSchema.nullable(),
    /** Whether the other side has rated (without what they gave). */
    theyRated: z.boolean(),
  })
  .meta({ id: 'ClaimRatings' });
export type ClaimRatings = z.infer<typeof ClaimRatingsSchema>;
export const ClaimRatingsEnvelopeSchema = z.object({ data: ClaimRatingsSchema }).meta({ id: 'ClaimRatingsResponse' });

/** A person's average over the ratings others can see: the mean of each rating's criteria, one decimal. */
export const RatingSummarySchema = z
  .object({
    userId: z.string(),
    count: z.number(),
    average: z.number().nullable(),
    /** For creators: the average "delivery on time" score brands gave, which matching uses. */
    delivery: z.number().nullable(),
  })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** `ids`: up to 100 user ids, comma-separated. */
export const RatingSummariesQuerySchema = z.object({
  ids: z
    .string({ message: 'required' })
    .max(6500, 'too_long')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64, 'invalid_id')).min(1, 'required').max(100, 'too_many')),
});
export const RatingSummariesSchema = z.object({ data: z.array(RatingSummarySchema) }).meta({ id: 'RatingSummaries' });
