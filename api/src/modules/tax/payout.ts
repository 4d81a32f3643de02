/**
 * How a campaign payout P is split (ADR 028), as pure functions of the dated rates. Amounts are
 * integer öre. For a private person P is Kollab's whole cost: gross pay G plus employer
 * contributions C, and G is the preliminary tax T plus the net N paid to the creator. Tax is
 * rounded down and contributions up to whole kronor, so the tax reported is exactly what was
 * withheld and what is set aside for contributions never falls short of rate × gross.
 */

export interface ContributionRate {
  id: string;
  validFrom: string;
  validTo: string | null;
  minAge: number | null;
  maxAge: number | null;
  maxBirthYear: number | null;
  basisPoints: number;
  monthlyCapOre: number | null;
}

export interface TaxRules {
  taxDeductionBasisPoints: number;
  yearlyThresholdOre: number;
  contributionRates: ContributionRate[];
}

/** The creator's private-person pay earlier in the same year (and month), from `creator_earnings`. */
export interface EarlierPay {
  grossOre: number;
  /** Gross of earlier earnings of the year made under the threshold (nothing withheld on them). */
  untaxedGrossOre: number;
  catchUpContributionsOre: number;
  /** Gross this month already paid at a rate with a monthly cap. */
  monthCappedGrossOre: number;
}

export const NO_EARLIER_PAY: EarlierPay = {
  grossOre: 0,
  untaxedGrossOre: 0,
  catchUpContributionsOre: 0,
  monthCappedGrossOre: 0,
};

export interface Split {
  payoutOre: number;
  grossOre: number;
  contributionsOre: number;
  taxOre: number;
  netOre: number;
  catchUpContributionsOre: number;
  contributionBasisPoints: number;
  taxBasisPoints: number;
  underThreshold: boolean;
  /** Gross paid at the capped rate (counts toward the month's cap). */
  cappedGrossOre: number;
}

const KRONA = 100;
const floorKronor = (ore: number) => Math.floor(ore / KRONA) * KRONA;
const ceilKronor = (ore: number) => Math.ceil(ore / KRONA) * KRONA;

/** The age a person born in `birthYear` has reached at the start of the year of `date` ('YYYY-MM-DD'). */
export function ageAtYearStart(birthYear: number, date: string): number {
  return Number(date.slice(0, 4)) - 1 - birthYear;
}

function applies(rate: ContributionRate, date: string, birthYear: number | null): boolean {
  if (rate.validFrom > date || (rate.validTo !== null && rate.validTo < date)) return false;
  const conditional = rate.minAge !== null || rate.maxAge !== null || rate.maxBirthYear !== null;
  if (!conditional) return true;
  // Without a known birth year only the unconditional (ordinary, highest) rate can apply.
  if (birthYear === null) return false;
  const age = ageAtYearStart(birthYear, date);
  if (rate.minAge !== null && age < rate.minAge) return false;
  if (rate.maxAge !== null && age > rate.maxAge) return false;
  if (rate.maxBirthYear !== null && birthYear > rate.maxBirthYear) return false;
  return true;
}

/**
 * The contribution rates for a payment on `date`: the lowest matching rate, and the ordinary
 * (lowest uncapped) rate for pay beyond a capped rate's monthly cap.
 * @throws Error when no rate is on file for the date (the rates table is missing data)
 */
export function contributionRatesFor(
  rates: ContributionRate[],
  date: string,
  birthYear: number | null,
): { rate: ContributionRate; ordinary: ContributionRate } {
  const matching = rates.filter((rate) => applies(rate, date, birthYear));
  const lowest = (list: ContributionRate[]) =>
    list.reduce<ContributionRate | undefined>(
      (best, rate) => (best === undefined || rate.basisPoints < best.basisPoints ? rate : best),
      undefined,
    );
  const ordinary = lowest(matching.filter((rate) => rate.monthlyCapOre === null));
  const rate = lowest(matching);
  if (!ordinary || !rate) throw new Error(`no employer contribution rate on file for ${date}`);
  return { rate, ordinary };
}

/** Gross pay G (exact, fractional öre) such that G + contributions(G) = amount. */
function exactGross(amountOre: number, rate: number, ordinary: number, capLeftOre: number | null): number {
  const atRate = amountOre / (1 + rate);
  if (capLeftOre === null || atRate <= capLeftOre) return atRate;
  return capLeftOre + (amountOre - capLeftOre * (1 + rate)) / (1 + ordinary);
}

/**
 * Splits a private person's payout. Under the yearly threshold (this payout included) nothing is
 * withheld. From the payout that reaches it, tax is withheld on each payout, and the contributions
 * due on the year's earlier untaxed pay (at this payout's rate) are caught up, as far as the payout
 * covers them; the rest by the next payouts of the year. Tax is not caught up: there was no cash
 * to withhold it from, and the creator's final tax settles it (ADR 028).
 */
export function splitPrivate(
  payoutOre: number,
  date: string,
  birthYear: number | null,
  rules: TaxRules,
  earlier: EarlierPay = NO_EARLIER_PAY,
): Split {
  const { rate, ordinary } = contributionRatesFor(rules.contributionRates, date, birthYear);
  const taxBasisPoints = rules.taxDeductionBasisPoints;
  if (earlier.grossOre + payoutOre < rules.yearlyThresholdOre) {
    return {
      payoutOre,
      grossOre: payoutOre,
      contributionsOre: 0,
      taxOre: 0,
      netOre: payoutOre,
      catchUpContributionsOre: 0,
      contributionBasisPoints: rate.basisPoints,
      taxBasisPoints,
      underThreshold: true,
      cappedGrossOre: 0,
    };
  }
  const owedContributions = Math.max(
    0,
    ceilKronor((earlier.untaxedGrossOre * rate.basisPoints) / 10_000) - earlier.catchUpContributionsOre,
  );
  const catchUpContributionsOre = Math.min(owedContributions, floorKronor(payoutOre));
  const amount = payoutOre - catchUpContributionsOre;
  const capLeftOre = rate.monthlyCapOre === null ? null : Math.max(0, rate.monthlyCapOre - earlier.monthCappedGrossOre);
  const exact = exactGross(amount, rate.basisPoints / 10_000, ordinary.basisPoints / 10_000, capLeftOre);
  const baseContributions = Math.min(amount, ceilKronor(amount - exact));
  const grossOre = amount - baseContributions;
  const taxOre = floorKronor((grossOre * taxBasisPoints) / 10_000);
  return {
    payoutOre,
    grossOre,
    contributionsOre: baseContributions + catchUpContributionsOre,
    taxOre,
    netOre: grossOre - taxOre,
    catchUpContributionsOre,
    contributionBasisPoints: rate.basisPoints,
    taxBasisPoints,
    underThreshold: false,
    cappedGrossOre: capLeftOre === null ? 0 : Math.min(grossOre, capLeftOre),
  };
}

/** An F-skatt creator is paid the whole payout, plus moms on top when VAT-registered. */
export function splitFTax(payoutOre: number, vatBasisPoints: number | null): Split & { vatOre: number } {
  return {
    payoutOre,
    grossOre: payoutOre,
    contributionsOre: 0,
    taxOre: 0,
    netOre: payoutOre,
    vatOre: vatBasisPoints === null ? 0 : Math.round((payoutOre * vatBasisPoints) / 10_000),
    catchUpContributionsOre: 0,
    contributionBasisPoints: 0,
    taxBasisPoints: 0,
    underThreshold: false,
    cappedGrossOre: 0,
  };
}
