import { stockholmDate } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import {
  type CreatorTaxProfile,
  creatorEarnings,
  creatorTaxProfiles,
  employerContributionRates,
  identityVerifications,
  taxParameters,
} from '@kollab/db/schema';
import { and, desc, eq, like, lte } from 'drizzle-orm';
import type { EarlierPay, TaxRules } from './payout.ts';

/** The Swedish calendar date of an instant, 'YYYY-MM-DD' (the payment date of an earning). */
export function swedishDay(at: Date): string {
  const { year, month, day } = stockholmDate(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The dated rules in force on `day` (ADR 028).
 * @throws Error when the tables hold no tax parameters for the day (a missing seed)
 */
export async function taxRulesOn(db: Database, day: string): Promise<TaxRules> {
  const [parameters] = await db
    .select()
    .from(taxParameters)
    .where(lte(taxParameters.validFrom, day))
    .orderBy(desc(taxParameters.validFrom))
    .limit(1);
  if (!parameters) throw new Error(`no tax parameters are recorded for ${day}`);
  const contributionRates = await db.select().from(employerContributionRates);
  return {
    taxDeductionBasisPoints: parameters.taxDeductionBasisPoints,
    yearlyThresholdOre: parameters.yearlyThresholdOre,
    contributionRates,
  };
}

/** A creator's saved tax profile, or the default for one never saved: a private person (ADR 028). */
export async function taxProfileOf(
  db: Database,
  creatorId: string,
): Promise<Pick<CreatorTaxProfile, 'status' | 'orgNumber' | 'vatRegistered' | 'birthDate'> & { saved: boolean }> {
  const [profile] = await db.select().from(creatorTaxProfiles).where(eq(creatorTaxProfiles.userId, creatorId));
  if (profile) return { ...profile, saved: true };
  return { status: 'private', orgNumber: null, vatRegistered: false, birthDate: null, saved: false };
}

/** The birth year that decides the contribution rate: BankID's, else the typed number's (saved with the profile). */
export async function birthYearOf(db: Database, creatorId: string, profileBirthDate: string | null) {
  const [verified] = await db
    .select({ birthDate: identityVerifications.birthDate })
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, creatorId));
  const birthDate = verified?.birthDate ?? profileBirthDate;
  return birthDate ? Number(birthDate.slice(0, 4)) : null;
}

/** The creator's private-person pay earlier in the year of `day` (and in its month). */
export async function earlierPay(db: Database, creatorId: string, day: string): Promise<EarlierPay> {
  const rows = await db
    .select()
    .from(creatorEarnings)
    .where(
      and(
        eq(creatorEarnings.creatorId, creatorId),
        eq(creatorEarnings.status, 'private'),
        like(creatorEarnings.period, `${day.slice(0, 4)}-%`),
      ),
    );
  const month = day.slice(0, 7);
  const pay = { grossOre: 0, untaxedGrossOre: 0, catchUpContributionsOre: 0, monthCappedGrossOre: 0 };
  for (const row of rows) {
    pay.grossOre += row.grossOre;
    if (row.underThreshold) pay.untaxedGrossOre += row.grossOre;
    pay.catchUpContributionsOre += row.catchUpContributionsOre;
    if (row.period === month) pay.monthCappedGrossOre += row.cappedGrossOre;
  }
  return pay;
}
