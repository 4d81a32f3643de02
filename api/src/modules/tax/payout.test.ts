import { createTestDatabase, type DatabaseHandle } from '@kollab/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageAtYearStart,
  contributionRatesFor,
  type EarlierPay,
  NO_EARLIER_PAY,
  splitFTax,
  splitPrivate,
} from './payout.ts';
import { taxRulesOn } from './rules.ts';

// Every rule is read from the tables the custom migration seeds (ADR 028), so these tests check
// the data as well as the arithmetic.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rules = (day: string) => taxRulesOn(database.db, day);
const rateOn = async (day: string, birthYear: number | null) =>
  contributionRatesFor((await rules(day)).contributionRates, day, birthYear).rate;

describe('contribution rates by age and date', () => {
  it('age is the age reached at the start of the payment year', () => {
    expect([ageAtYearStart(1958, '2026-01-01'), ageAtYearStart(1959, '2026-12-31')]).toEqual([67, 66]);
  });

  it('the full rate 31.42 % for a person of working age, and when the birth year is unknown', async () => {
    expect((await rateOn('2026-06-15', 1990)).basisPoints).toBe(3142);
    expect((await rateOn('2026-06-15', null)).basisPoints).toBe(3142);
  });

  it('only the old-age pension fee 10.21 % from 67 at the start of 2026 (born 1958), 66 in 2025', async () => {
    expect((await rateOn('2026-01-01', 1958)).basisPoints).toBe(1021);
    expect((await rateOn('2026-12-31', 1959)).basisPoints).toBe(3142);
    // The same person born 1959 was 65 at the start of 2025: full rate; born 1958 was 66: reduced.
    expect((await rateOn('2025-12-31', 1959)).basisPoints).toBe(3142);
    expect((await rateOn('2025-12-31', 1958)).basisPoints).toBe(1021);
  });

  it('no contributions for those born 1937 or earlier, and 10.21 % for 1938', async () => {
    expect((await rateOn('2026-05-01', 1937)).basisPoints).toBe(0);
    expect((await rateOn('2026-05-01', 1938)).basisPoints).toBe(1021);
  });

  it('the youth reduction 20.81 % from 1 April 2026 to 30 September 2027 for 18–22 at the start of the year', async () => {
    // Born 2003: 22 at the start of 2026, 23 at the start of 2027.
    expect((await rateOn('2026-03-31', 2003)).basisPoints).toBe(3142);
    expect((await rateOn('2026-04-01', 2003)).basisPoints).toBe(2081);
    expect((await rateOn('2027-01-01', 2003)).basisPoints).toBe(3142);
    expect((await rateOn('2027-09-30', 2008)).basisPoints).toBe(2081);
    expect((await rateOn('2027-10-01', 2008)).basisPoints).toBe(3142);
    // Born 2008 is 17 at the start of 2026: not covered (turns 18 during the year).
    expect((await rateOn('2026-06-01', 2008)).basisPoints).toBe(3142);
    expect((await rateOn('2026-06-01', 2007)).basisPoints).toBe(2081);
  });
});

describe('a private person’s payout', () => {
  it('splits 1 000 kr at 31.42 %: contributions up and tax down to whole kronor, T + C + N = P', async () => {
    const split = splitPrivate(100_000, '2026-02-10', 1990, await rules('2026-02-10'));
    expect(split).toEqual({
      payoutOre: 100_000,
      grossOre: 76_000,
      contributionsOre: 24_000,
      taxOre: 22_800,
      netOre: 53_200,
      catchUpContributionsOre: 0,
      contributionBasisPoints: 3142,
      taxBasisPoints: 3000,
      underThreshold: false,
      cappedGrossOre: 0,
    });
    // 31.42 % of the gross never exceeds what is set aside.
    expect(split.grossOre * 0.3142).toBeLessThanOrEqual(split.contributionsOre);
  });

  it('keeps öre in the gross and the net', async () => {
    const split = splitPrivate(123_457, '2026-02-10', 1990, await rules('2026-02-10'));
    expect([split.grossOre, split.contributionsOre, split.taxOre, split.netOre]).toEqual([
      93_857, 29_600, 28_100, 65_757,
    ]);
    expect(split.taxOre + split.contributionsOre + split.netOre).toBe(123_457);
  });

  it('withholds nothing while the year’s pay stays under 1 000 kr, and everything from exactly 1 000 kr', async () => {
    const r = await rules('2026-02-10');
    expect(splitPrivate(99_999, '2026-02-10', 1990, r)).toMatchObject({
      grossOre: 99_999,
      contributionsOre: 0,
      taxOre: 0,
      netOre: 99_999,
      underThreshold: true,
    });
    expect(splitPrivate(100_000, '2026-02-10', 1990, r).underThreshold).toBe(false);
  });

  it('the payout that crosses the threshold mid-year catches up the contributions on the untaxed earlier pay', async () => {
    const earlier: EarlierPay = { ...NO_EARLIER_PAY, grossOre: 60_000, untaxedGrossOre: 60_000 };
    const split = splitPrivate(50_000, '2026-05-10', 1990, await rules('2026-05-10'), earlier);
    // Catch-up: ceil(31.42 % × 600 kr) = 189 kr; the other 311 kr split as usual. No tax catch-up.
    expect(split).toMatchObject({
      catchUpContributionsOre: 18_900,
      grossOre: 23_600,
      contributionsOre: 26_400,
      taxOre: 7_000,
      netOre: 16_600,
      underThreshold: false,
    });
    expect(split.taxOre + split.contributionsOre + split.netOre).toBe(50_000);
  });

  it('a small crossing payout takes what it can and leaves the rest of the catch-up to the next payout', async () => {
    const r = await rules('2026-05-10');
    const earlier: EarlierPay = { ...NO_EARLIER_PAY, grossOre: 99_000, untaxedGrossOre: 99_000 };
    const first = splitPrivate(2_050, '2026-05-10', 1990, r, earlier);
    expect(first).toMatchObject({ catchUpContributionsOre: 2_000, grossOre: 0, contributionsOre: 2_050, netOre: 0 });
    const next = splitPrivate(100_000, '2026-05-11', 1990, r, {
      ...earlier,
      catchUpContributionsOre: first.catchUpContributionsOre,
    });
    // ceil(31.42 % × 990 kr) = 312 kr in all, 20 kr of it taken already.
    expect(next.catchUpContributionsOre).toBe(29_200);
    expect(next.taxOre + next.contributionsOre + next.netOre).toBe(100_000);
  });

  it('the youth rate applies up to 25 000 kr of gross a month, the full rate beyond', async () => {
    const r = await rules('2026-06-10');
    const below = splitPrivate(1_000_000, '2026-06-10', 2005, r);
    expect([below.contributionBasisPoints, below.grossOre, below.contributionsOre, below.cappedGrossOre]).toEqual([
      2081, 827_700, 172_300, 827_700,
    ]);
    const beyond = splitPrivate(1_000_000, '2026-06-10', 2005, r, {
      ...NO_EARLIER_PAY,
      grossOre: 2_400_000,
      monthCappedGrossOre: 2_400_000,
    });
    // 1 000 kr of gross at 20.81 %, the rest at 31.42 %: G = 1 000 + (10 000 − 1 208.10) / 1.3142 = 7 689.90 kr.
    expect([beyond.grossOre, beyond.contributionsOre, beyond.cappedGrossOre]).toEqual([768_900, 231_100, 100_000]);
  });

  it('a rate change on a date: the same payout splits differently on 31 March and 1 April 2026', async () => {
    const march = splitPrivate(100_000, '2026-03-31', 2004, await rules('2026-03-31'));
    const april = splitPrivate(100_000, '2026-04-01', 2004, await rules('2026-04-01'));
    expect([march.contributionBasisPoints, march.contributionsOre]).toEqual([3142, 24_000]);
    expect([april.contributionBasisPoints, april.contributionsOre]).toEqual([2081, 17_300]);
  });

  it('born 1937: no contributions, the whole payout is gross pay', async () => {
    const split = splitPrivate(100_000, '2026-02-10', 1937, await rules('2026-02-10'));
    expect([split.grossOre, split.contributionsOre, split.taxOre, split.netOre]).toEqual([100_000, 0, 30_000, 70_000]);
  });
});

describe('an F-skatt payout', () => {
  it('is paid in full, with 25 % moms on top when VAT-registered', () => {
    expect(splitFTax(100_000, 2500)).toMatchObject({ grossOre: 100_000, netOre: 100_000, vatOre: 25_000, taxOre: 0 });
    expect(splitFTax(100_000, null).vatOre).toBe(0);
  });
});
