import { stockholmDay } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import { auditLog, providerUsage } from '@kollab/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { nextStockholmMidnight } from '../../lib/working-days.ts';

/** Credits are counted in hundredths so that sums of 0.01-credit search hits stay exact. */
export function toHundredths(credits: number): number {
  return Math.round(credits * 100);
}

export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** What a call may cost, booked before it is made, or what it did cost. */
export interface Spend {
  credits: number;
  rawRequests: number;
}

/** The daily limits one booking is checked against. */
export interface DailyLimits {
  /** The user's own caps per Swedish day; undefined: not capped (admins). */
  own?: Spend;
  /** Kollab's budget for all users together per Swedish day. */
  global: Spend;
  /** Whether passing `global` refuses the booking (admins' spending counts, but is never refused). */
  enforceGlobal: boolean;
}

export interface Reservation {
  userId: string;
  day: string;
  hundredths: number;
  rawRequests: number;
}

/** A booking that would pass a limit: whose limit, which currency, and whether it is today's first. */
export interface Refusal {
  scope: 'own' | 'global';
  what: keyof Spend;
  limit: number;
  /** Spent today (for `global`: by everyone) before this booking. */
  spent: number;
  /** The first refusal by this global budget today: the one that alerts the admins. */
  firstToday: boolean;
}

/** One lock for every booking, so the check of a day's total and the booking are one step. */
const BOOKING_LOCK = sql`hashtext('kollab.provider_usage.booking')`;
export const BUDGET_REACHED_ACTION = 'provider_budget.reached';

/**
 * Books `cost` for a call before it is made, checked against the user's own daily caps and
 * Kollab's daily budget for everyone. Bookings of every user and API instance take one
 * transaction-scoped advisory lock in turn, so concurrent calls can never spend past a limit
 * together. A refusal by the global budget is written to the audit log once per budget and day
 * (in the same transaction, under the lock); `firstToday` tells the caller to alert the admins.
 */
export async function reserveCredits(
  db: Database,
  userId: string,
  cost: Spend,
  limits: DailyLimits,
  now = new Date(),
): Promise<{ reservation: Reservation } | { refusal: Refusal }> {
  const day = stockholmDay(now);
  const want = { credits: toHundredths(cost.credits), rawRequests: cost.rawRequests };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const totals = (where: SQL | undefined) =>
      tx
        .select({
          credits: sql<number>`coalesce(sum(${providerUsage.creditHundredths}), 0)::int`,
          rawRequests: sql<number>`coalesce(sum(${providerUsage.rawRequests}), 0)::int`,
        })
        .from(providerUsage)
        .where(and(eq(providerUsage.day, day), where));
    const [everyone = { credits: 0, rawRequests: 0 }] = await totals(undefined);
    const [own = { credits: 0, rawRequests: 0 }] = limits.own ? await totals(eq(providerUsage.userId, userId)) : [];
    const over = (spent: Spend, limit: Spend | undefined): keyof Spend | undefined => {
      if (!limit) return undefined;
      if (want.credits > 0 && spent.credits + want.credits > toHundredths(limit.credits)) return 'credits';
      if (want.rawRequests > 0 && spent.rawRequests + want.rawRequests > limit.rawRequests) return 'rawRequests';
      return undefined;
    };
    const shown = (what: keyof Spend, spent: Spend) =>
      what === 'credits' ? fromHundredths(spent.credits) : spent.rawRequests;
    const ownOver = over(own, limits.own);
    if (ownOver && limits.own) {
      const refusal = { scope: 'own', what: ownOver, limit: limits.own[ownOver], spent: shown(ownOver, own) };
      return { refusal: { ...refusal, firstToday: false } as Refusal };
    }
    const globalOver = limits.enforceGlobal ? over(everyone, limits.global) : undefined;
    if (globalOver) {
      const refusal = {
        scope: 'global' as const,
        what: globalOver,
        limit: limits.global[globalOver],
        spent: shown(globalOver, everyone),
      };
      const entity = { type: 'provider_budget', id: `${day}:${globalOver}` };
      const [known] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityType, entity.type),
            eq(auditLog.entityId, entity.id),
            eq(auditLog.action, BUDGET_REACHED_ACTION),
          ),
        )
        .limit(1);
      if (!known) {
        await recordAudit(tx, 'system', BUDGET_REACHED_ACTION, entity, { day, ...refusal, refusedUserId: userId });
      }
      return { refusal: { ...refusal, firstToday: !known } };
    }
    await tx
      .insert(providerUsage)
      .values({ userId, day, creditHundredths: want.credits, rawRequests: want.rawRequests, requests: 1 })
      .onConflictDoUpdate({
        target: [providerUsage.userId, providerUsage.day],
        set: {
          creditHundredths: sql`${providerUsage.creditHundredths} + excluded.credit_hundredths`,
          rawRequests: sql`${providerUsage.rawRequests} + excluded.raw_requests`,
          requests: sql`${providerUsage.requests} + 1`,
          updatedAt: sql`now()`,
        },
      });
    return { reservation: { userId, day, hundredths: want.credits, rawRequests: want.rawRequests } };
  });
}

/**
 * Replaces a booking by what the call really cost (a search billed per hit, a failed call
 * nothing, a Raw 404 its raw request).
 */
export async function settleCredits(db: Database, reservation: Reservation, spent: Spend): Promise<void> {
  const credits = toHundredths(spent.credits) - reservation.hundredths;
  const rawRequests = spent.rawRequests - reservation.rawRequests;
  if (credits === 0 && rawRequests === 0) return;
  await db
    .update(providerUsage)
    .set({
      creditHundredths: sql`greatest(0, ${providerUsage.creditHundredths} + ${credits})`,
      rawRequests: sql`greatest(0, ${providerUsage.rawRequests} + ${rawRequests})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(providerUsage.userId, reservation.userId), eq(providerUsage.day, reservation.day)));
}

/** How long cache hits are counted in memory before one upsert writes them all. */
const HIT_FLUSH_MS = 1_000;
const pendingHits = new Map<Database, Map<string, number>>();

/**
 * Counts a call answered from the cache (free). Hits are statistics, so they are summed in memory
 * and written once a second in one statement: a cached report then costs the database a single
 * primary-key read. A crash loses at most a second of hit counts, never credits.
 */
export function recordCacheHit(db: Database, userId: string, now = new Date()): void {
  let hits = pendingHits.get(db);
  if (!hits) {
    hits = new Map();
    pendingHits.set(db, hits);
    setTimeout(() => void flushCacheHits(db), HIT_FLUSH_MS).unref();
  }
  const key = `${userId}\u0000${stockholmDay(now)}`;
  hits.set(key, (hits.get(key) ?? 0) + 1);
}

/** Writes the counted cache hits now (also used by tests and at shutdown). */
export async function flushCacheHits(db: Database): Promise<void> {
  const hits = pendingHits.get(db);
  pendingHits.delete(db);
  if (!hits?.size) return;
  const rows = [...hits].map(([key, cacheHits]) => {
    const [userId = '', day = ''] = key.split('\u0000');
    return { userId, day, cacheHits };
  });
  await db
    .insert(providerUsage)
    .values(rows)
    .onConflictDoUpdate({
      target: [providerUsage.userId, providerUsage.day],
      set: { cacheHits: sql`${providerUsage.cacheHits} + excluded.cache_hits`, updatedAt: sql`now()` },
    })
    .catch(() => {
      // The database is closing or gone: hit statistics are not worth failing anything for.
    });
}

/** What one user spent today. */
export async function usageToday(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ credits: number; rawRequests: number }> {
  const [row] = await db
    .select({ hundredths: providerUsage.creditHundredths, rawRequests: providerUsage.rawRequests })
    .from(providerUsage)
    .where(and(eq(providerUsage.userId, userId), eq(providerUsage.day, stockholmDay(now))));
  return { credits: fromHundredths(row?.hundredths ?? 0), rawRequests: row?.rawRequests ?? 0 };
}

/** What all users together spent today: what the global budget is checked against. */
export async function totalsToday(db: Database, now = new Date()): Promise<Spend> {
  const [row] = await db
    .select({
      hundredths: sql<number>`coalesce(sum(${providerUsage.creditHundredths}), 0)::int`,
      rawRequests: sql<number>`coalesce(sum(${providerUsage.rawRequests}), 0)::int`,
    })
    .from(providerUsage)
    .where(eq(providerUsage.day, stockholmDay(now)));
  return { credits: fromHundredths(row?.hundredths ?? 0), rawRequests: row?.rawRequests ?? 0 };
}

/** Retry-After for a spent daily cap: until the Swedish day ends (a minute at least). */
export function secondsUntilTomorrow(now: Date): number {
  return Math.max(60, Math.round((nextStockholmMidnight(now).getTime() - now.getTime()) / 1000));
}
