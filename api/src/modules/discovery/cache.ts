import { hash } from 'node:crypto';
import type { Database } from '@kollab/db';
import { providerCache } from '@kollab/db/schema';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { canonicalJson } from '../../integrations/provider/index.ts';

/**
 * The cache key of one provider call: its kind, platform and normalised parameters, hashed so
 * long search bodies make short keys. Handles are case-insensitive on every platform, so
 * `@Cleo.Creates` and `cleo.creates` share a report.
 */
export function cacheKey(kind: string, platform: string, params: unknown): string {
  // One-shot: every cached report a brand opens is looked up by this key.
  const digest = hash('sha256', canonicalJson(params), 'base64url');
  return `${kind}:${platform}:${digest}`;
}

/** Whether a fresh answer is cached for `key` (nothing of it is read). */
export async function isCached(db: Database, key: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ key: providerCache.key })
    .from(providerCache)
    .where(and(eq(providerCache.key, key), gt(providerCache.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A fresh cached answer as the JSON text PostgreSQL keeps, without parsing it. `text` is null when
 * the answer is still the one fetched at `knownFetchedAt` (the caller has it already): then only a
 * timestamp crosses the wire.
 */
export async function readCacheText(
  db: Database,
  key: string,
  knownFetchedAt: Date | undefined,
  now = new Date(),
): Promise<{ text: string | null; fetchedAt: Date; expiresAt: Date } | undefined> {
  const known = knownFetchedAt?.toISOString() ?? null;
  const [row] = await db
    .select({
      fetchedAt: providerCache.fetchedAt,
      expiresAt: providerCache.expiresAt,
      text: sql<
        string | null
      >`case when ${providerCache.fetchedAt} = ${known}::timestamptz then null else ${providerCache.response}::text end`,
    })
    .from(providerCache)
    .where(and(eq(providerCache.key, key), gt(providerCache.expiresAt, now)))
    .limit(1);
  return row;
}

/** Stores (or replaces) the answer for `key`, fresh for `ttlMs`. */
export async function writeCache(
  db: Database,
  entry: { key: string; kind: string; response: unknown; fetchedAt: Date; ttlMs: number },
): Promise<void> {
  const expiresAt = new Date(entry.fetchedAt.getTime() + entry.ttlMs);
  await db
    .insert(providerCache)
    .values({ key: entry.key, kind: entry.kind, response: entry.response, fetchedAt: entry.fetchedAt, expiresAt })
    .onConflictDoUpdate({
      target: providerCache.key,
      set: {
        response: sql`excluded.response`,
        fetchedAt: sql`excluded.fetched_at`,
        expiresAt: sql`excluded.expires_at`,
      },
    });
}

/** Deletes expired answers (run by the scheduler); returns how many went. */
export async function purgeExpiredCache(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(providerCache)
    .where(lt(providerCache.expiresAt, now))
    .returning({ key: providerCache.key });
  return gone.length;
}
