import type { Database } from '@kollab/db';
import { vatRates } from '@kollab/db/schema';
import { desc, lte } from 'drizzle-orm';

/** A share of an amount in basis points (1 bp = 0.01 %), rounded to the nearest öre, halves up. */
export function shareOf(amountOre: number, basisPoints: number): number {
  return Math.floor((amountOre * basisPoints + 5_000) / 10_000);
}

/** Kollab's fee from `PLATFORM_FEE_PERCENT` (a decimal percentage), in basis points. */
export function feeBasisPoints(env: { PLATFORM_FEE_PERCENT: number }): number {
  return Math.round(env.PLATFORM_FEE_PERCENT * 100);
}

/** The moms rate in force on `day` (YYYY-MM-DD, Swedish date) from the dated `vat_rates` table (ADR 024). */
export async function vatBasisPointsOn(db: Database, day: string): Promise<number> {
  const [row] = await db
    .select({ basisPoints: vatRates.basisPoints })
    .from(vatRates)
    .where(lte(vatRates.validFrom, day))
    .orderBy(desc(vatRates.validFrom))
    .limit(1);
  if (!row) throw new Error(`no moms rate is recorded for ${day}`);
  return row.basisPoints;
}

export interface Price {
  slots: number;
  payoutOre: number;
  creatorBudgetOre: number;
  feeBasisPoints: number;
  feeOre: number;
  vatBasisPoints: number;
  vatOre: number;
  totalOre: number;
  creditAppliedOre: number;
  amountDueOre: number;
}

/**
 * The price of funding `slots` creators at `payoutOre` each: the creator budget goes to escrow, the
 * fee is a share of it and moms is charged on the fee only; available brand credit pays first.
 */
export function priceOf(input: {
  slots: number;
  payoutOre: number;
  feeBasisPoints: number;
  vatBasisPoints: number;
  availableCreditOre: number;
}): Price {
  const creatorBudgetOre = input.payoutOre * input.slots;
  const feeOre = shareOf(creatorBudgetOre, input.feeBasisPoints);
  const vatOre = shareOf(feeOre, input.vatBasisPoints);
  const totalOre = creatorBudgetOre + feeOre + vatOre;
  const creditAppliedOre = Math.max(0, Math.min(input.availableCreditOre, totalOre));
  return {
    slots: input.slots,
    payoutOre: input.payoutOre,
    creatorBudgetOre,
    feeBasisPoints: input.feeBasisPoints,
    feeOre,
    vatBasisPoints: input.vatBasisPoints,
    vatOre,
    totalOre,
    creditAppliedOre,
    amountDueOre: totalOre - creditAppliedOre,
  };
}
