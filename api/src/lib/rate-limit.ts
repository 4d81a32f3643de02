import { type Database, queryRows } from '@kollab/db';
import { sql } from 'drizzle-orm';
import { AppError } from './errors.ts';

let multiplier = 1;

/** Scales every limit (RATE_LIMIT_MULTIPLIER); the browser suite raises it, production keeps 1. */
export function setRateLimitMultiplier(value: number): void {
  multiplier = value;
}

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` in a fixed window stored in PostgreSQL, so every API instance
 * shares the count. One atomic upsert: concurrent attempts can never both take the last slot.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
  );
  const row = rows[0] ?? { count: 1, retry_after: rule.windowSeconds };
  const limit = rule.limit * multiplier;
  return {
    allowed: row.count <= limit,
    remaining: Math.max(0, limit - row.count),
    retryAfterSeconds: Math.max(1, row.retry_after),
  };
}

/**
 * Like `consumeRateLimit`, but throws.
 * @throws rate_limited with a `Retry-After` header when the window is used up.
 */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<void> {
  const result = await consumeRateLimit(db, key, rule);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
}

/** The attempts counted against `key` in its current window, without counting one more. */
export async function peekRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult & { count: number }> {
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`select count, ceil(extract(epoch from reset_at - now()))::int as retry_after
        from rate_limits where key = ${key} and reset_at > now()`,
  );
  const count = rows[0]?.count ?? 0;
  const limit = rule.limit * multiplier;
  return {
    count,
    allowed: count < limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, rows[0]?.retry_after ?? rule.windowSeconds),
  };
}

/** The rate_limited error for a used-up window. */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', `Too many attempts; try again in ${retryAfterSeconds} s`, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/** Forgets the attempts against `key` (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Forgets `key` and every key that starts with `key` followed by `|` (its per-client parts). */
export async function resetRateLimitFamily(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key} or starts_with(key, ${`${key}|`})`);
}
