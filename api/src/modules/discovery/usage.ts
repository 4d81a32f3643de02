import type { Database } from '@kollab/db';
import { providerUsage } from '@kollab/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { nextStockholmMidnight } from '../../lib/working-days.ts';

/** Credits are counted in hundredths so that sums of 0.01-credit search hits stay exact. */
export function toHundredths(credits: number): number {
  return Math.round(credits * 100);
}

export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with it. */
const STOCKHOLM_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' });

/** The calendar day in Sweden (YYYY-MM-DD); daily caps and the usage table follow Swedish days. */
export function stockholmDay(at = new Date()): string {
  return STOCKHOLM_DATE.format(at);
}

export interface Reservation {
  userId: string;
  day: string;
  hundredths: number;
}

/**
 * Books `credits` for a call before it is made, atomically against the daily cap: concurrent
 * calls of one brand can never spend past it together. `cap` undefined means no cap (admins).
 * @throws credit_cap_reached when the booking would pass the cap
 */
export async function reserveCredits(
  db: Database,
  userId: string,
  credits: number,
  cap: number | undefined,
  now = new Date(),
): Promise<Reservation> {
  const day = stockholmDay(now);
  const hundredths = toHundredths(credits);
  const capHundredths = cap === undefined ? undefined : toHundredths(cap);
  const refuse = () =>
    new AppError('credit_cap_reached', `Today's provider credits (${cap}) are spent; try again tomorrow`, {
      headers: { 'Retry-After': String(secondsUntilTomorrow(now)) },
    });
  if (capHundredths !== undefined && hundredths > capHundredths) throw refuse();
  const withinCap =
    capHundredths === undefined
      ? sql`true`
      : sql`${providerUsage.creditHundredths} + excluded.credit_hundredths <= ${capHundredths}`;
  const booked = await db
    .insert(providerUsage)
    .values({ userId, day, creditHundredths: hundredths, requests: 1 })
    .onConflictDoUpdate({
      target: [providerUsage.userId, providerUsage.day],
      set: {
        creditHundredths: sql`${providerUsage.creditHundredths} + excluded.credit_hundredths`,
        requests: sql`${providerUsage.requests} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: withinCap,
    })
    .returning({ day: providerUsage.day });
  if (booked.length === 0) throw refuse();
  return { userId, day, hundredths };
}

/**
 * Replaces a booking by what the call really cost (a search billed per hit, a failed call
 * nothing) and adds the raw requests it used.
 */
export async function settleCredits(
  db: Database,
  reservation: Reservation,
  spent: { credits: number; rawRequests: number },
): Promise<void> {
  const delta = toHundredths(spent.credits) - reservation.hundredths;
  await db
    .update(providerUsage)
    .set({
      creditHundredths: sql`greatest(0, ${providerUsage.creditHundredths} + ${delta})`,
      rawRequests: sql`${providerUsage.rawRequests} + ${spent.rawRequests}`,
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

/** Retry-After for a spent daily cap: until the Swedish day ends (a minute at least). */
export function secondsUntilTomorrow(now: Date): number {
  return Math.max(60, Math.round((nextStockholmMidnight(now).getTime() - now.getTime()) / 1000));
}
