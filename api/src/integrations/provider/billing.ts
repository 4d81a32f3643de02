import { NO_COST, type ProviderCost } from './errors.ts';
import type { EmailSearchResponse, SearchResponse } from './response-schemas.ts';

/*
 * The provider's price list (CONTRACT.md §1.8), kept in hundredths of a credit so sums never
 * drift the way 0.1 + 0.2 does in floating point.
 */
const HUNDREDTHS = {
  searchHit: 1,
  report: 100,
  overlap: 100,
  performance: 25,
  matchedEmail: 2,
} as const;

/** Credits from a whole number of hundredths, e.g. 15 → 0.15. */
export function creditsFromHundredths(hundredths: number): number {
  return Math.round(hundredths) / 100;
}

function credits(hundredths: number): ProviderCost {
  return { credits: creditsFromHundredths(hundredths), rawRequests: 0 };
}

/** Search: 0.01 credit per hit returned, direct matches included. */
export function searchCost(page: SearchResponse): ProviderCost {
  return credits((page.lookalikes.length + (page.directs?.length ?? 0)) * HUNDREDTHS.searchHit);
}

/** A report costs one credit. */
export function reportCost(): ProviderCost {
  return credits(HUNDREDTHS.report);
}

/** An audience overlap costs one credit whatever the number of influencers. */
export function overlapCost(): ProviderCost {
  return credits(HUNDREDTHS.overlap);
}

/** Performance data costs 0.25 credit on success (`retry_later` is free and arrives as an error). */
export function performanceCost(): ProviderCost {
  return credits(HUNDREDTHS.performance);
}

/** Email search: 0.02 credit per matched email. */
export function emailSearchCost(result: EmailSearchResponse): ProviderCost {
  return credits(result.matchedEmails.length * HUNDREDTHS.matchedEmail);
}

/** Every Raw call uses one raw request. */
export function rawCost(): ProviderCost {
  return { credits: 0, rawRequests: 1 };
}

/** Dictionaries, `/users` and `/user/info` are free. */
export function freeCost(): ProviderCost {
  return { ...NO_COST };
}

/** What a failed Raw call still costs: a 404 is billed (a missing post or profile), other failures are not. */
export function rawErrorCost(status: number): ProviderCost {
  return status === 404 ? rawCost() : freeCost();
}
