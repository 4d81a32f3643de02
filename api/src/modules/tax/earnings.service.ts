import { type Database, queryRows } from '@kollab/db';
import { type CreatorEarning, campaigns, creatorEarnings } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { takeNumber } from '../billing/numbering.ts';
import { vatBasisPointsOn } from '../payments/pricing.ts';
import { type Split, splitFTax, splitPrivate } from './payout.ts';
import { birthYearOf, earlierPay, swedishDay, taxProfileOf, taxRulesOn } from './rules.ts';

/** Kollab's self-billing invoices (självfakturor) on F-skatt creators' behalf: their own gap-free series. */
export const SELF_BILLING_SERIES = 'S';

export interface EarningClaim {
  id: string;
  campaignId: string;
  creatorId: string;
  payoutOre: number;
}

export type Breakdown = Split & {
  status: 'private' | 'f_tax';
  vatOre: number;
  birthYear: number | null;
  paidOn: string;
};

/**
 * What a payout of `payoutOre` to this creator would be split into if credited on `at`: the
 * creator's current tax status and the rates of that day, after the year's earlier pay.
 */
export async function breakdownFor(
  db: Database,
  creatorId: string,
  payoutOre: number,
  at: Date = new Date(),
): Promise<Breakdown> {
  const paidOn = swedishDay(at);
  const profile = await taxProfileOf(db, creatorId);
  if (profile.status === 'f_tax') {
    const vat = profile.vatRegistered ? await vatBasisPointsOn(db, paidOn) : null;
    return { ...splitFTax(payoutOre, vat), status: 'f_tax', birthYear: null, paidOn };
  }
  const birthYear = await birthYearOf(db, creatorId, profile.birthDate);
  const split = splitPrivate(
    payoutOre,
    paidOn,
    birthYear,
    await taxRulesOn(db, paidOn),
    await earlierPay(db, creatorId, paidOn),
  );
  return { ...split, status: 'private', vatOre: 0, birthYear, paidOn };
}

/**
 * Computes and stores the split of an accepted claim's payout, once per claim, inside the caller's
 * transaction (ADR 028). One creator's earnings are computed one at a time (a transaction-scoped
 * advisory lock), so two acceptances at once both see the year's earlier pay and the threshold
 * and caps are applied once. Null when the claim already has its earning (credited before).
 */
export async function recordEarning(
  tx: Database,
  claim: EarningClaim,
  at = new Date(),
): Promise<CreatorEarning | null> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`tax:${claim.creatorId}`}, 0))`);
  const [campaign] = await tx
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, claim.campaignId));
  const profile = await taxProfileOf(tx, claim.creatorId);
  const split = await breakdownFor(tx, claim.creatorId, claim.payoutOre, at);
  const [row] = await tx
    .insert(creatorEarnings)
    .values({
      claimId: claim.id,
      creatorId: claim.creatorId,
      campaignId: claim.campaignId,
      campaignTitle: campaign?.title ?? '',
      status: split.status,
      orgNumber: split.status === 'f_tax' ? profile.orgNumber : null,
      payoutOre: split.payoutOre,
      grossOre: split.grossOre,
      contributionsOre: split.contributionsOre,
      taxOre: split.taxOre,
      netOre: split.netOre,
      vatOre: split.vatOre,
      catchUpContributionsOre: split.catchUpContributionsOre,
      cappedGrossOre: split.cappedGrossOre,
      contributionBasisPoints: split.contributionBasisPoints,
      taxBasisPoints: split.taxBasisPoints,
      underThreshold: split.underThreshold,
      birthYear: split.birthYear,
      paidOn: split.paidOn,
      period: split.paidOn.slice(0, 7),
    })
    .onConflictDoNothing({ target: creatorEarnings.claimId })
    .returning();
  if (!row) return null;
  if (row.status !== 'f_tax') return row;
  // Numbered only once the row is surely new: a number is never taken for a duplicate, so the
  // self-billing series has no gaps (the counter row is locked until this transaction ends).
  const number = `${SELF_BILLING_SERIES}${await takeNumber(tx, SELF_BILLING_SERIES)}`;
  const [numbered] = await tx
    .update(creatorEarnings)
    .set({ selfBillingNumber: number })
    .where(eq(creatorEarnings.id, row.id))
    .returning();
  return numbered ?? row;
}
