import { randomInt } from 'node:crypto';

/**
 * The test persons a tester picks in the stand-in's "BankID app" page. Personal numbers are valid
 * (real date, Luhn check digit) so Kollab's own parser accepts them; the 17-year-old's birth date
 * follows today's Swedish date, so they stay 17 whenever the tests run.
 */

/** What happens when the tester approves as this person: a completed order, or BankID's failure hintCode. */
export type PersonOutcome = 'complete' | 'userCancel' | 'expiredTransaction' | 'cancelled' | 'startFailed';

export interface TestPerson {
  id: string;
  label: { sv: string; en: string };
  personalNumber: string;
  givenName: string;
  surname: string;
  outcome: PersonOutcome;
}

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A 12-digit number YYYYMMDDNNNC for a birth date (day + 60 for a samordningsnummer) and a 3-digit serial. */
export function testPersonalNumber(year: number, month: number, day: number, serial: string): string {
  const date = `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
  return `${String(year).slice(0, 2)}${date}${serial}${luhnCheckDigit(date + serial)}`;
}

/** The adult with a new personal number each time (`freshAdult`), as the app page lists it. */
export const FRESH_ADULT = {
  id: 'fresh',
  label: { sv: 'Ny vuxen', en: 'New adult' },
  givenName: 'Nora',
  surname: 'Nyström',
  outcome: 'complete',
} as const satisfies Omit<TestPerson, 'personalNumber'>;

/**
 * An adult with a personal number of its own each time (born 25–60 years ago, a random day and
 * serial), as a tester makes a new BankID in BankID's test environment: a personal number verifies
 * one Kollab account, so a test that verifies an account can run again.
 */
export function freshAdult(now: Date = new Date()): TestPerson {
  const year = swedishToday(now).year - randomInt(25, 61);
  const serial = String(randomInt(0, 1000)).padStart(3, '0');
  return {
    ...FRESH_ADULT,
    label: { ...FRESH_ADULT.label },
    personalNumber: testPersonalNumber(year, randomInt(1, 13), randomInt(1, 29), serial),
  };
}

function swedishToday(now: Date): { year: number; month: number } {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Stockholm', year: 'numeric', month: 'numeric' });
  for (const part of format.formatToParts(now)) parts[part.type] = Number(part.value);
  return { year: parts.year ?? 0, month: parts.month ?? 0 };
}

export function testPersons(now: Date = new Date()): TestPerson[] {
  const today = swedishToday(now);
  const person = (
    id: string,
    sv: string,
    en: string,
    personalNumber: string,
    givenName: string,
    surname: string,
    outcome: PersonOutcome = 'complete',
  ): TestPerson => ({ id, label: { sv, en }, personalNumber, givenName, surname, outcome });
  return [
    person(
      'adult',
      'Vuxen (34 år)',
      'Adult (34)',
      testPersonalNumber(today.year - 34, 3, 15, '238'),
      'Anna',
      'Andersson',
    ),
    person(
      'adult2',
      'Vuxen (52 år)',
      'Adult (52)',
      testPersonalNumber(today.year - 52, 8, 21, '164'),
      'Bo',
      'Bengtsson',
    ),
    // Born on the 1st of this month 17 years ago: turned 17 this month, 18 only in eleven months.
    person(
      'minor',
      '17 år',
      '17 years old',
      testPersonalNumber(today.year - 17, today.month, 1, '412'),
      'Tilde',
      'Tonåring',
    ),
    person(
      'coordination',
      'Samordningsnummer',
      'Coordination number',
      testPersonalNumber(1985, 7, 4 + 60, '517'),
      'Omar',
      'Samordnad',
    ),
    person(
      'cancelled',
      'Avbryter i appen',
      'Cancels in the app',
      testPersonalNumber(1979, 11, 2, '325'),
      'Carl',
      'Cancel',
      'userCancel',
    ),
    person(
      'expired',
      'Svarar aldrig (tiden går ut)',
      'Never answers (expires)',
      testPersonalNumber(1991, 5, 20, '146'),
      'Eva',
      'Expired',
      'expiredTransaction',
    ),
    person(
      'elsewhere',
      'Startade på annat ställe',
      'Started elsewhere',
      testPersonalNumber(1988, 9, 9, '671'),
      'Erik',
      'Elsewhere',
      'cancelled',
    ),
    person(
      'startFailed',
      'Appen kunde inte starta',
      'App could not start',
      testPersonalNumber(1993, 1, 30, '783'),
      'Sara',
      'Startfel',
      'startFailed',
    ),
  ];
}
