import type { ListCampaignsQuery } from '@kollab/contract/api/campaigns';
import type { Database } from '@kollab/db';
import { campaigns, type User } from '@kollab/db/schema';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import { BoundedCache, perOwner } from '../../lib/bounded-cache.ts';
import { EXACT_TOTAL_LIMIT, estimateRows } from '../../lib/row-estimate.ts';
import { campaignMatches } from './campaign-list.search.ts';

// The campaign list's totals: counted ones kept per list version, the planner's estimates (ADR 036).

/** Distinct filter combinations (searches above all) whose totals are kept; least recently used go first. */
const LIST_TOTALS_KEPT = 5_000;
/** Expensive list totals per database and request shape + filter values, each with the version it holds for. */
export const listTotalsOf = perOwner(
  (): BoundedCache<{ version: number; total: number }> => new BoundedCache(Number.POSITIVE_INFINITY, LIST_TOTALS_KEPT),
);

/**
 * The planner's estimate of the campaigns the shared total counts (every published one for a
 * creator, the brand's own, or all for an admin) with the request's filters: the total once
 * counting would pass EXACT_TOTAL_LIMIT (ADR 036). Kept per list version like a counted total.
 */
export function estimateVisible(
  db: Database,
  actor: User,
  query: ListCampaignsQuery,
  pattern: string | undefined,
  brandIds: string[],
): Promise<number> {
  const conditions = [
    actor.role === 'creator' ? eq(campaigns.status, 'published') : undefined,
    actor.role === 'brand' ? eq(campaigns.brandId, actor.id) : undefined,
    query.status ? eq(campaigns.status, query.status) : undefined,
    query.category ? arrayContains(campaigns.categories, [query.category]) : undefined,
    query.platform ? arrayContains(campaigns.platforms, [query.platform]) : undefined,
    pattern ? campaignMatches(pattern, brandIds) : undefined,
  ];
  return estimateRows(
    db,
    db
      .select({ one: sql`1` })
      .from(campaigns)
      .where(and(...conditions)),
  );
}

/**
 * A search the planner expects to match this many campaigns is not counted: its total is that
 * estimate (ADR 036). Twice the limit, so that the estimate's error (steps of 0.2 % of the table,
 * migration 0037; filters assumed independent) does not pass off a total under the limit, which
 * would have been counted exactly, as an estimate.
 */
const COMMON_SEARCH_ESTIMATE = 2 * EXACT_TOTAL_LIMIT;
/** How long a search's estimate is kept: it changes only when ANALYZE samples the campaigns again. */
const SEARCH_ESTIMATE_MS = 60_000;
/** The planner's estimate per search and filters (the key of a shared total), with when it expires. */
const searchEstimatesOf = perOwner(
  (): BoundedCache<{ estimate: number; until: number }> => new BoundedCache(Number.POSITIVE_INFINITY, LIST_TOTALS_KEPT),
);

/**
 * The total of a search that matches more than COMMON_SEARCH_ESTIMATE campaigns by the planner's
 * estimate, else undefined (the search is counted). Counting a common term's first 10,001 matches
 * read 10,001 rows (3,336 pages at 1M campaigns) for every new search and after every change of the
 * campaigns; the estimate is one EXPLAIN, kept a minute.
 */
export async function commonSearchTotal(
  db: Database,
  actor: User,
  query: ListCampaignsQuery,
  search: { pattern: string; brandIds: string[]; totalKey: string },
): Promise<number | undefined> {
  const estimates = searchEstimatesOf(db);
  let kept = estimates.get(search.totalKey);
  if (!kept || kept.until <= Date.now()) {
    kept = {
      estimate: await estimateVisible(db, actor, query, search.pattern, search.brandIds),
      until: Date.now() + SEARCH_ESTIMATE_MS,
    };
    estimates.set(search.totalKey, kept, 0);
  }
  return kept.estimate > COMMON_SEARCH_ESTIMATE ? kept.estimate : undefined;
}
