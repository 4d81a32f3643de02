import type { AdminProviderUsage, AdminProviderUsageQuery } from '@kollab/contract/api/admin';
import type { Database } from '@kollab/db';
import { brandProfiles, providerUsage, users } from '@kollab/db/schema';
import { and, count, eq, gte, ilike, lte, or } from 'drizzle-orm';
import { type CsvColumn, containsPattern, orderBy, type Window } from './list-query.ts';

const SORT = {
  day: providerUsage.day,
  credits: providerUsage.creditHundredths,
  rawRequests: providerUsage.rawRequests,
  requests: providerUsage.requests,
} as const;

/** Provider credits and raw requests spent per user (brand or admin) and Swedish day. */
export async function listProviderUsage(db: Database, query: AdminProviderUsageQuery, window: Window) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern ? or(ilike(users.email, pattern), ilike(brandProfiles.companyName, pattern)) : undefined,
    query.userId ? eq(providerUsage.userId, query.userId) : undefined,
    query.from ? gte(providerUsage.day, query.from) : undefined,
    query.to ? lte(providerUsage.day, query.to) : undefined,
  );
  const base = () =>
    db
      .select({ usage: providerUsage, email: users.email, role: users.role, brandName: brandProfiles.companyName })
      .from(providerUsage)
      .innerJoin(users, eq(users.id, providerUsage.userId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, providerUsage.userId));
  const [rows, totals] = await Promise.all([
    base()
      .where(where)
      // Rows are keyed by (user, day); the user id breaks ties so pages are stable.
      .orderBy(...orderBy(SORT[query.sort], query.order, providerUsage.userId))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(providerUsage)
      .innerJoin(users, eq(users.id, providerUsage.userId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, providerUsage.userId))
      .where(where),
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
  return { data, total: totals[0]?.total ?? 0 };
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
