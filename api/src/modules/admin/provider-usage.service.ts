import type { AdminProviderUsage, AdminProviderUsageQuery } from '@kollab/contract/api/admin';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { Database } from '@kollab/db';
import { brandProfiles, providerUsage, users } from '@kollab/db/schema';
import { and, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { sortWithTiesInOrder } from '../../lib/keyset.ts';
import { type CsvColumn, containsPattern, pageOf, type Window } from './list-query.ts';

const SORT = {
  day: providerUsage.day,
  credits: providerUsage.creditHundredths,
  rawRequests: providerUsage.rawRequests,
  requests: providerUsage.requests,
} as const;

/**
 * Provider credits and raw requests spent per user (brand or admin) and Swedish day, by keyset pages
 * (ADR 036). A row is keyed by (user, day), so equal credits are ordered by the row's own `id`
 * (migration 0040), which one `(column, id)` index per sort gives in both directions.
 */
export async function listProviderUsage(db: Database, query: AdminProviderUsageQuery, window: Window) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern ? or(ilike(users.email, pattern), ilike(brandProfiles.companyName, pattern)) : undefined,
    query.userId ? eq(providerUsage.userId, query.userId) : undefined,
    query.from ? gte(providerUsage.day, query.from) : undefined,
    query.to ? lte(providerUsage.day, query.to) : undefined,
  );
  const sort = sortWithTiesInOrder(query, SORT[query.sort], providerUsage.id);
  // The search reads the user and the brand's name; without it the walk is the usage index alone.
  const ids = (after?: SQL) =>
    pattern
      ? db
          .select({ id: providerUsage.id })
          .from(providerUsage)
          .innerJoin(users, eq(users.id, providerUsage.userId))
          .leftJoin(brandProfiles, eq(brandProfiles.userId, providerUsage.userId))
          .where(and(where, after))
          .$dynamic()
      : db.select({ id: providerUsage.id }).from(providerUsage).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: !pattern, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({
        usage: providerUsage,
        email: users.email,
        role: users.role,
        brandName: brandProfiles.companyName,
        sortKey: page.sortKey,
      })
      .from(providerUsage)
      .innerJoin(users, eq(users.id, providerUsage.userId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, providerUsage.userId))
      .where(inArray(providerUsage.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AdminProviderUsage[] = rows.map(({ usage, email, role, brandName }) => ({
    id: `${usage.userId}:${usage.day}`,
    day: usage.day,
    userId: usage.userId,
    userEmail: email,
    role,
    brandName,
    credits: usage.creditHundredths / 100,
    rawRequests: usage.rawRequests,
    requests: usage.requests,
    cacheHits: usage.cacheHits,
  }));
  const nextCursor = page.nextCursor(rows.map(({ usage, sortKey }) => ({ id: usage.id, sortKey })));
  return { data, ...total, nextCursor };
}

export const PROVIDER_USAGE_CSV: CsvColumn<AdminProviderUsage>[] = [
  ['day', (row) => row.day],
  ['user_id', (row) => row.userId],
  ['user_email', (row) => row.userEmail],
  ['role', (row) => row.role],
  ['brand_name', (row) => row.brandName],
  ['credits', (row) => row.credits.toFixed(2)],
  ['raw_requests', (row) => row.rawRequests],
  ['requests', (row) => row.requests],
  ['cache_hits', (row) => row.cacheHits],
];
