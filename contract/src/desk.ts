/*
 * The brand's campaign desk's vocabulary (ADR 038), without zod: the portal imports it into its
 * pages (zod's first use probes `new Function`, which the portal's Content-Security-Policy blocks).
 */

/**
 * What a brand is shown about a campaign. Coarser than CampaignView's `state`: a published
 * campaign whose slots are all taken is still *live* to its brand (videos keep coming in until
 * its end), and a cancelled one is *ended*.
 */
export const DESK_STATES = ['draft', 'coming_soon', 'live', 'paused', 'ended'] as const;
export type DeskState = (typeof DESK_STATES)[number];

/** The desk list's sort fields. */
export const DESK_SORTS = ['createdAt', 'startsAt', 'endsAt', 'title'] as const;
