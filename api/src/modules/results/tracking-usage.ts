/** Post tracking's monthly budget per brand (ADR 033): what a read costs and its booking. */

import { stockholmDay } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import { trackingUsage } from '@kollab/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';

type UsageDeps = { db: Database; env: Pick<Env, 'TRACKING_MONTHLY_CREDITS' | 'TRACKING_MONTHLY_RAW_REQUESTS'> };

/** One read after acceptance: performance data (0.25 credits) and a raw media-info (1 request). */
export const TRACKING_READ_COST = { credits: 0.25, rawRequests: 1 } as const;

/** The Swedish month (YYYY-MM) the brand's tracking budget counts in. */
export const stockholmMonth = (at: Date) => stockholmDay(at).slice(0, 7);

/** The first moment of the next Swedish month (when a spent budget is renewed). */
export function nextStockholmMonth(now: Date): Date {
  const [year, month] = stockholmMonth(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  // Midnight in Stockholm is 22:00 or 23:00 UTC the day before; a read an hour late is harmless.
  return new Date(`${next}T01:00:00Z`);
}

/**
 * Books `spend` against the brand's month; false (nothing booked) when it would pass a cap. A
 * negative spend gives back what a read did not use, never below zero.
 */
export async function bookMonth(
  deps: UsageDeps,
  brandId: string,
  now: Date,
  spend: { credits: number; rawRequests: number },
): Promise<boolean> {
  const month = stockholmMonth(now);
  const credits = Math.round(spend.credits * 100);
  const raw = spend.rawRequests;
  await deps.db.insert(trackingUsage).values({ brandId, month }).onConflictDoNothing();
  const capCredits = Math.round(deps.env.TRACKING_MONTHLY_CREDITS * 100);
  const booked = await deps.db
    .update(trackingUsage)
    .set({
      creditHundredths: sql`greatest(0, ${trackingUsage.creditHundredths} + ${credits})`,
      rawRequests: sql`greatest(0, ${trackingUsage.rawRequests} + ${raw})`,
    })
    .where(
      and(
        eq(trackingUsage.brandId, brandId),
        eq(trackingUsage.month, month),
        credits > 0 || raw > 0
          ? sql`${trackingUsage.creditHundredths} + ${credits} <= ${capCredits} and ${trackingUsage.rawRequests} + ${raw} <= ${deps.env.TRACKING_MONTHLY_RAW_REQUESTS}`
          : sql`true`,
      ),
    )
    .returning({ brandId: trackingUsage.brandId });
  return booked.length > 0;
}
