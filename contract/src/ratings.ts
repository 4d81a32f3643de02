/**
 * Ratings after an accepted claim (issue 18, item 6): the brand rates the creator (delivery on time,
 * quality), the creator rates the brand (brief, communication, payment), 1–5 with an optional
 * comment. Each side's rating is hidden from the other until both have rated or the window closes.
 * Plain values (no zod), so the portal can use them.
 */

/** Days after acceptance during which both sides may rate; when they end, what was given is shown. */
export const RATING_WINDOW_DAYS = 14;

export const BRAND_CRITERIA = ['delivery', 'quality'] as const;
export const CREATOR_CRITERIA = ['brief', 'communication', 'payment'] as const;
export type RatingCriterion = (typeof BRAND_CRITERIA)[number] | (typeof CREATOR_CRITERIA)[number];
