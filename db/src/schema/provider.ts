import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Provider responses kept because every call costs credits: reports for 30 days, searches and
 * dictionaries for a day. `key` is the platform, the call and its normalised parameters.
 */
export const providerCache = pgTable(
  'provider_cache',
  {
    key: text().primaryKey(),
    /** The call: search, report, overlap, dictionary, performance, raw. */
    kind: text().notNull(),
    response: jsonb().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('provider_cache_expires_at_idx').on(table.expiresAt)],
);

/**
 * Credits and raw requests spent per user and day (Europe/Stockholm). Credits are kept in
 * hundredths so sums stay exact; `requests` counts provider calls, `cacheHits` calls answered
 * from the cache for free. Rows outlive an erased account: the user row is anonymised, not deleted.
 */
export const providerUsage = pgTable(
  'provider_usage',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    day: date().notNull(),
    creditHundredths: integer().notNull().default(0),
    rawRequests: integer().notNull().default(0),
    requests: integer().notNull().default(0),
    cacheHits: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The row's own key: the admin table orders equal credits or days by it (keyset pages need a
     * unique tiebreaker, and (user, day) is two columns; ADR 036). Given by the database, so the
     * usage upsert does not change.
     */
    id: text().notNull().default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 24)`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    uniqueIndex('provider_usage_id_key').on(table.id),
    // A day's rows (the daily budget's sums) and the admin table by day, in either direction.
    index('provider_usage_day_id_idx').on(table.day, table.id),
    check('provider_usage_non_negative', sql`${table.creditHundredths} >= 0 and ${table.rawRequests} >= 0`),
  ],
);

export type ProviderUsage = typeof providerUsage.$inferSelect;
