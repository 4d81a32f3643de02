import { luhnValid } from './luhn.ts';
import type { Result } from './result.ts';
import { stockholmDate } from './stockholm-date.ts';

export type PersonalNumber = {
  /** 'YYYYMMDD-NNNN' (a samordningsnummer keeps its day + 60). */
  normalized: string;
  /** 'YYYY-MM-DD' (the real birth date, also for a samordningsnummer). */
  birthDate: string;
  isCoordinationNumber: boolean;
};

const FORMAT = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Compares two (year, month, day) triples: negative, zero or positive. */
function compareDates(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * Parses a Swedish personnummer/samordningsnummer (10 or 12 digits) of a person aged 18 or over.
 * Age, the century of a 10-digit number and "not born in the future" are decided on the date in
 * Sweden (Europe/Stockholm) at `now`, not the UTC or server date: the 18th birthday starts at
 * Swedish midnight.
 */
export function parsePersonalNumber(input: string, now: Date = new Date()): Result<PersonalNumber> {
  const match = FORMAT.exec(input.trim());
  if (!match) return { ok: false, error: 'invalid_format' };
  const [, century, yy = '', mm = '', dd = '', separator, serial = ''] = match;
  if (century !== undefined && separator === '+') return { ok: false, error: 'invalid_format' };

  const month = Number(mm);
  const rawDay = Number(dd);
  const isCoordinationNumber = rawDay > 60;
  const day = isCoordinationNumber ? rawDay - 60 : rawDay;
  const swedish = stockholmDate(now);
  const today: [number, number, number] = [swedish.year, swedish.month, swedish.day];

  let year: number;
  if (century !== undefined) {
    year = Number(century + yy);
  } else {
    year = today[0] - (today[0] % 100) + Number(yy);
    if (compareDates([year, month, day], today) > 0) year -= 100;
    if (separator === '+') year -= 100;
  }

  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, error: 'invalid_date' };
  }
  if (compareDates([year, month, day], today) > 0) return { ok: false, error: 'invalid_date' };
  if (!luhnValid(yy + mm + dd + serial)) return { ok: false, error: 'invalid_checksum' };
  if (compareDates([year + 18, month, day], today) > 0) return { ok: false, error: 'under_18' };

  return {
    ok: true,
    value: {
      normalized: `${pad(year, 4)}${mm}${dd}-${serial}`,
      birthDate: `${pad(year, 4)}-${mm}-${pad(day, 2)}`,
      isCoordinationNumber,
    },
  };
}

/** Hides the last four digits of a normalised number: 'YYYYMMDD-****'. */
export function maskPersonalNumber(normalized: string): string {
  return `${normalized.slice(0, 8)}-****`;
}
