import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * How a creator is paid (ADR 028): `private` (a private person: Kollab is the payer, withholds
 * preliminary tax and pays employer contributions) or `f_tax` (approved for F-skatt: paid in full
 * against a self-billing invoice).
 */
export const taxStatus = pgEnum('tax_status', ['private', 'f_tax']);

export const creatorTaxProfiles = pgTable(
  'creator_tax_profiles',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: taxStatus().notNull(),
    /** F-skatt: the business's organisation number or the sole trader's personal number ('NNNNNN-NNNN'). */
    orgNumber: text(),
    vatRegistered: boolean().notNull().default(false),
    /**
     * The birth date of the typed personal number when the status was saved (the age decides the
     * contribution rate); a BankID-verified birth date wins over it (identity_verifications).
     */
    birthDate: date({ mode: 'string' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('creator_tax_profiles_f_tax_check', sql`${table.status} = 'private' or ${table.orgNumber} is not null`),
  ],
);

/**
 * Employer contribution rates (arbetsgivaravgifter) as dated legal data, seeded by a custom
 * migration with their sources (ADR 028); rows are never edited, a change is a new row. A row
 * applies on a payment date within [valid_from, valid_to] to a payee whose age at the start of the
 * year is within [min_age, max_age] and who was born in `max_birth_year` or earlier; the lowest
 * matching rate applies. `monthly_cap_ore`: the rate applies to at most this much pay per month
 * (the rest at the ordinary rate).
 */
export const employerContributionRates = pgTable(
  'employer_contribution_rates',
  {
    id: text().primaryKey(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    minAge: integer(),
    maxAge: integer(),
    maxBirthYear: integer(),
    /** Hundredths of a percent: 3142 = 31.42 %. */
    basisPoints: integer().notNull(),
    monthlyCapOre: bigint({ mode: 'number' }),
    source: text().notNull(),
  },
  (table) => [check('employer_contribution_rates_bp_check', sql`${table.basisPoints} between 0 and 10000`)],
);

/**
 * The preliminary tax deduction on side income (skatteavdrag, sidoinkomst) and the yearly amount
 * per payee under which neither tax is withheld nor contributions paid, dated like the rates above.
 */
export const taxParameters = pgTable(
  'tax_parameters',
  {
    validFrom: date({ mode: 'string' }).primaryKey(),
    taxDeductionBasisPoints: integer().notNull(),
    yearlyThresholdOre: bigint({ mode: 'number' }).notNull(),
    source: text().notNull(),
  },
  (table) => [check('tax_parameters_bp_check', sql`${table.taxDeductionBasisPoints} between 0 and 10000`)],
);

/**
 * One row per accepted claim: how its payout P was split, with the status and rates used (a
 * snapshot: later changes of the profile or the rates do not touch it). Private person:
 * gross + contributions = P and tax + net = gross. F-skatt: gross = net = P, plus moms when
 * VAT-registered, against a self-billing invoice numbered in series S.
 */
export const creatorEarnings = pgTable(
  'creator_earnings',
  {
    id: id(),
    claimId: text().notNull(),
    creatorId: text().notNull(),
    campaignId: text().notNull(),
    campaignTitle: text().notNull(),
    status: taxStatus().notNull(),
    orgNumber: text(),
    payoutOre: bigint({ mode: 'number' }).notNull(),
    grossOre: bigint({ mode: 'number' }).notNull(),
    contributionsOre: bigint({ mode: 'number' }).notNull(),
    taxOre: bigint({ mode: 'number' }).notNull(),
    netOre: bigint({ mode: 'number' }).notNull(),
    vatOre: bigint({ mode: 'number' }).notNull().default(0),
    /** Part of the contributions that catches up on earlier earnings of the year made under the threshold. */
    catchUpContributionsOre: bigint({ mode: 'number' }).notNull().default(0),
    /** Gross paid at a rate with a monthly cap (the youth reduction's 25 000 kr), counted toward the month's cap. */
    cappedGrossOre: bigint({ mode: 'number' }).notNull().default(0),
    contributionBasisPoints: integer().notNull(),
    taxBasisPoints: integer().notNull(),
    /** True when the year's pay was under the yearly threshold: nothing withheld, no contributions. */
    underThreshold: boolean().notNull(),
    birthYear: integer(),
    /** The payment date (credited to the creator's balance, Europe/Stockholm) and its month 'YYYY-MM'. */
    paidOn: date({ mode: 'string' }).notNull(),
    period: text().notNull(),
    selfBillingNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('creator_earnings_claim_id_key').on(table.claimId),
    uniqueIndex('creator_earnings_self_billing_number_key').on(table.selfBillingNumber),
    index('creator_earnings_creator_period_idx').on(table.creatorId, table.period),
    index('creator_earnings_period_idx').on(table.period),
    check(
      'creator_earnings_sums_check',
      sql`${table.grossOre} + ${table.contributionsOre} = ${table.payoutOre} and ${table.taxOre} + ${table.netOre} = ${table.grossOre}`,
    ),
    check(
      'creator_earnings_non_negative_check',
      sql`${table.netOre} >= 0 and ${table.taxOre} >= 0 and ${table.contributionsOre} >= 0`,
    ),
  ],
);

export type CreatorTaxProfile = typeof creatorTaxProfiles.$inferSelect;
export type CreatorEarning = typeof creatorEarnings.$inferSelect;
export type EmployerContributionRate = typeof employerContributionRates.$inferSelect;
export type TaxParameters = typeof taxParameters.$inferSelect;
