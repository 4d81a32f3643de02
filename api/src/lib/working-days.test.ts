import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  isWorkingDay,
  nextStockholmMidnight,
  swedishHolidays,
  workingDaysBetween,
} from './working-days.ts';

// All instants are written in UTC; the comments give the Stockholm wall-clock time
// (CET = UTC+1 in winter, CEST = UTC+2 from the last Sunday of March to the last Sunday of October).
const at = (iso: string): Date => new Date(iso);

describe('swedishHolidays', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2008, '2008-03-23'],
    [2285, '2285-03-22'],
  ])('puts Påskdagen %i on %s', (year, easter) => {
    expect(swedishHolidays(year).get(easter)).toBe('Påskdagen');
  });

  it('lists every day off of 2026 in date order', () => {
    expect([...swedishHolidays(2026)]).toEqual([
      ['2026-01-01', 'Nyårsdagen'],
      ['2026-01-06', 'Trettondedag jul'],
      ['2026-04-03', 'Långfredagen'],
      ['2026-04-04', 'Påskafton'],
      ['2026-04-05', 'Påskdagen'],
      ['2026-04-06', 'Annandag påsk'],
      ['2026-05-01', 'Första maj'],
      ['2026-05-14', 'Kristi himmelsfärdsdag'],
      ['2026-05-23', 'Pingstafton'],
      ['2026-05-24', 'Pingstdagen'],
      ['2026-06-06', 'Sveriges nationaldag'],
      ['2026-06-19', 'Midsommarafton'],
      ['2026-06-20', 'Midsommardagen'],
      ['2026-10-31', 'Alla helgons dag'],
      ['2026-12-24', 'Julafton'],
      ['2026-12-25', 'Juldagen'],
      ['2026-12-26', 'Annandag jul'],
      ['2026-12-31', 'Nyårsafton'],
    ]);
  });

  it.each([
    [2024, '2024-06-21', '2024-06-22'],
    [2025, '2025-06-20', '2025-06-21'],
    [2026, '2026-06-19', '2026-06-20'],
    [2027, '2027-06-25', '2027-06-26'],
    [2033, '2033-06-24', '2033-06-25'],
  ])('puts Midsommarafton %i on %s and Midsommardagen on %s', (year, eve, day) => {
    const holidays = swedishHolidays(year);
    expect(holidays.get(eve)).toBe('Midsommarafton');
    expect(holidays.get(day)).toBe('Midsommardagen');
  });

  it.each([
    [2024, '2024-11-02'],
    [2025, '2025-11-01'],
    [2026, '2026-10-31'],
    [2027, '2027-11-06'],
  ])('puts Alla helgons dag %i on %s', (year, date) => {
    expect(swedishHolidays(year).get(date)).toBe('Alla helgons dag');
  });

  it.each([
    [2024, '2024-05-09', '2024-05-18', '2024-05-19'],
    [2025, '2025-05-29', '2025-06-07', '2025-06-08'],
    [2038, '2038-06-03', '2038-06-12', '2038-06-13'],
  ])('puts Kristi himmelsfärd, Pingstafton and Pingstdagen %i on %s, %s, %s', (year, ascension, eve, pentecost) => {
    const holidays = swedishHolidays(year);
    expect(holidays.get(ascension)).toBe('Kristi himmelsfärdsdag');
    expect(holidays.get(eve)).toBe('Pingstafton');
    expect(holidays.get(pentecost)).toBe('Pingstdagen');
  });

  it('joins the names of holidays that fall on the same day', () => {
    expect(swedishHolidays(2008).get('2008-05-01')).toBe('Första maj, Kristi himmelsfärdsdag');
    expect(swedishHolidays(2049).get('2049-06-06')).toBe('Pingstdagen, Sveriges nationaldag');
    expect(swedishHolidays(2008).size).toBe(17);
  });

  it('returns a copy that callers may change', () => {
    swedishHolidays(2026).delete('2026-12-24');
    expect(swedishHolidays(2026).get('2026-12-24')).toBe('Julafton');
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2026-04-02T08:00:00Z', true], // Thu 10:00 before Easter
    ['2026-04-03T08:00:00Z', false], // Långfredagen
    ['2026-04-06T08:00:00Z', false], // Annandag påsk
    ['2026-04-07T08:00:00Z', true], // Tue after Easter
    ['2026-03-28T09:00:00Z', false], // Saturday
    ['2026-03-29T09:00:00Z', false], // Sunday
    ['2026-01-06T09:00:00Z', false], // Trettondedag jul
    ['2026-05-14T08:00:00Z', false], // Kristi himmelsfärdsdag
    ['2026-06-19T08:00:00Z', false], // Midsommarafton
    ['2026-12-24T09:00:00Z', false], // Julafton
    ['2026-12-31T09:00:00Z', false], // Nyårsafton
    ['2026-12-30T09:00:00Z', true], // Wed between Christmas and New Year
    ['2026-04-02T21:30:00Z', true], // Thu 23:30 CEST
    ['2026-04-02T22:30:00Z', false], // Fri 00:30 CEST: already Långfredagen in Stockholm
    ['2026-06-18T21:59:59Z', true], // Thu 23:59:59 CEST
    ['2026-06-18T22:00:00Z', false], // Fri 00:00 CEST: Midsommarafton
    ['2026-01-05T22:59:59Z', true], // Mon 23:59:59 CET
    ['2026-01-05T23:00:00Z', false], // Tue 00:00 CET: Trettondedag jul
    ['2026-03-29T23:30:00Z', true], // Mon 01:30 CEST just after the spring change
    ['2026-10-25T23:30:00Z', true], // Mon 00:30 CET just after the autumn change
    ['2026-03-27T22:59:59Z', true], // Fri 23:59:59 CET
    ['2026-03-27T23:00:00Z', false], // Sat 00:00 CET
  ])('%s → %s', (iso, expected) => {
    expect(isWorkingDay(at(iso))).toBe(expected);
  });

  it('rejects an invalid date', () => {
    expect(() => isWorkingDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('addWorkingDays', () => {
  it.each([
    ['2026-03-20T09:00:00Z', 1, '2026-03-23T09:00:00.000Z'], // Fri 10:00 + 1 = Mon 10:00
    ['2026-04-01T08:00:00Z', 5, '2026-04-10T08:00:00.000Z'], // skips Långfredagen and Annandag påsk
    ['2026-04-01T08:00:00Z', 1, '2026-04-02T08:00:00.000Z'],
    ['2026-04-01T08:00:00Z', 2, '2026-04-07T08:00:00.000Z'],
    ['2026-04-02T08:00:00Z', 1, '2026-04-07T08:00:00.000Z'],
    ['2026-04-02T21:30:00Z', 1, '2026-04-07T21:30:00.000Z'], // Thu 23:30 CEST keeps 23:30
    ['2026-05-13T08:00:00Z', 1, '2026-05-15T08:00:00.000Z'], // over Kristi himmelsfärdsdag
    ['2026-06-18T08:00:00Z', 1, '2026-06-22T08:00:00.000Z'], // Thu before Midsommar → Mon
    ['2026-06-17T08:00:00Z', 3, '2026-06-23T08:00:00.000Z'],
    ['2026-12-22T09:00:00Z', 1, '2026-12-23T09:00:00.000Z'],
    ['2026-12-22T09:00:00Z', 2, '2026-12-28T09:00:00.000Z'],
    ['2026-12-22T09:00:00Z', 4, '2026-12-30T09:00:00.000Z'],
    ['2026-12-22T09:00:00Z', 5, '2027-01-04T09:00:00.000Z'], // over Christmas and New Year
    ['2026-12-22T09:00:00Z', 6, '2027-01-05T09:00:00.000Z'],
    ['2026-12-22T09:00:00Z', 7, '2027-01-07T09:00:00.000Z'], // over Trettondedag jul
    ['2026-03-27T09:00:00Z', 1, '2026-03-30T08:00:00.000Z'], // Fri 10:00 CET → Mon 10:00 CEST
    ['2026-03-26T09:00:00Z', 3, '2026-03-31T08:00:00.000Z'],
    ['2026-10-23T08:00:00Z', 1, '2026-10-26T09:00:00.000Z'], // Fri 10:00 CEST → Mon 10:00 CET
    ['2026-10-22T22:30:00Z', 1, '2026-10-25T23:30:00.000Z'], // Fri 00:30 CEST → Mon 00:30 CET
    ['2026-03-28T09:00:00Z', 1, '2026-03-30T08:00:00.000Z'], // Sat 10:00 CET → Mon 10:00 CEST
    ['2026-03-28T09:00:00Z', 2, '2026-03-31T08:00:00.000Z'],
    ['2026-04-04T08:00:00Z', 1, '2026-04-07T08:00:00.000Z'], // Påskafton → Tue after Easter
    ['2026-03-29T00:30:00Z', 1, '2026-03-29T23:30:00.000Z'], // Sun 01:30 CET → Mon 01:30 CEST
    ['2026-03-29T01:30:00Z', 1, '2026-03-30T01:30:00.000Z'], // Sun 03:30 CEST → Mon 03:30 CEST
    ['2026-10-25T00:30:00Z', 1, '2026-10-26T01:30:00.000Z'], // first 02:30 (CEST) → Mon 02:30 CET
    ['2026-10-25T01:30:00Z', 1, '2026-10-26T01:30:00.000Z'], // second 02:30 (CET) → Mon 02:30 CET
    ['2026-03-20T09:00:00.123Z', 1, '2026-03-23T09:00:00.123Z'], // keeps milliseconds
    ['2026-03-28T09:00:00Z', 0, '2026-03-28T09:00:00.000Z'], // 0 returns the same instant
    ['2026-04-07T08:00:00Z', -1, '2026-04-02T08:00:00.000Z'], // backwards over Easter
    ['2027-01-04T09:00:00Z', -5, '2026-12-22T09:00:00.000Z'],
    ['2026-03-30T08:00:00Z', -1, '2026-03-27T09:00:00.000Z'], // backwards over the spring change
    ['2025-12-31T23:00:00Z', 251, '2026-12-29T23:00:00.000Z'], // 1 Jan 00:00 → Wed 30 Dec 00:00, the last one of 2026
  ])('%s + %i → %s', (from, days, expected) => {
    expect(addWorkingDays(at(from), days).toISOString()).toBe(expected);
  });

  it('does not change its argument', () => {
    const from = at('2026-03-20T09:00:00Z');
    addWorkingDays(from, 3);
    expect(from.toISOString()).toBe('2026-03-20T09:00:00.000Z');
  });

  it.each([[0.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %s days', (days) => {
    expect(() => addWorkingDays(at('2026-03-20T09:00:00Z'), days)).toThrow(RangeError);
  });

  it('rejects an invalid date', () => {
    expect(() => addWorkingDays(new Date(Number.NaN), 1)).toThrow(RangeError);
  });
});

describe('workingDaysBetween', () => {
  it.each([
    ['2026-04-01T08:00:00Z', '2026-04-01T08:00:00Z', 0], // same instant
    ['2026-04-10T08:00:00Z', '2026-04-01T08:00:00Z', 0], // to before from
    ['2026-04-01T08:00:00Z', '2026-04-02T07:59:59Z', 0],
    ['2026-04-01T08:00:00Z', '2026-04-02T08:00:00Z', 1],
    ['2026-04-01T08:00:00Z', '2026-04-07T07:59:59Z', 1],
    ['2026-04-01T08:00:00Z', '2026-04-10T07:59:59Z', 4],
    ['2026-04-01T08:00:00Z', '2026-04-10T08:00:00Z', 5],
    ['2026-03-20T09:00:00Z', '2026-03-23T08:59:00Z', 0], // Fri 10:00 → Mon 09:59
    ['2026-03-20T09:00:00Z', '2026-03-23T09:00:00Z', 1], // Fri 10:00 → Mon 10:00
    ['2026-03-28T09:00:00Z', '2026-03-30T08:00:00Z', 1], // Sat 10:00 CET → Mon 10:00 CEST
    ['2026-03-27T09:00:00Z', '2026-03-30T07:59:59Z', 0], // Mon 09:59:59 CEST is not yet a full day
    ['2026-03-27T09:00:00Z', '2026-03-30T08:00:00Z', 1],
    ['2026-10-23T08:00:00Z', '2026-10-26T08:59:59Z', 0], // Mon 09:59:59 CET
    ['2026-10-23T08:00:00Z', '2026-10-26T09:00:00Z', 1],
    ['2026-12-22T09:00:00Z', '2027-01-04T08:59:59Z', 4],
    ['2026-12-22T09:00:00Z', '2027-01-04T09:00:00Z', 5],
    ['2026-06-18T08:00:00Z', '2026-06-22T08:00:00Z', 1],
    ['2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z', 251], // working days in 2026
  ])('%s → %s is %i', (from, to, expected) => {
    expect(workingDaysBetween(at(from), at(to))).toBe(expected);
  });

  it.each([
    ['2026-03-20T09:00:00Z'],
    ['2026-03-28T09:00:00Z'],
    ['2026-04-02T21:30:00Z'],
    ['2026-10-22T22:30:00Z'],
    ['2026-12-22T09:00:00Z'],
  ])('inverts addWorkingDays from %s', (from) => {
    for (let n = 0; n <= 30; n++) {
      const to = addWorkingDays(at(from), n);
      expect(workingDaysBetween(at(from), to)).toBe(n);
      expect(workingDaysBetween(at(from), new Date(to.getTime() - 1))).toBe(Math.max(0, n - 1));
    }
  });

  it('rejects an invalid date', () => {
    expect(() => workingDaysBetween(at('2026-04-01T08:00:00Z'), new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('nextStockholmMidnight', () => {
  it.each([
    ['in winter (UTC+1)', '2026-01-15T12:00:00Z', '2026-01-15T23:00:00.000Z'],
    ['in summer (UTC+2)', '2026-07-15T12:00:00Z', '2026-07-15T22:00:00.000Z'],
    ['just after midnight, a whole day ahead', '2026-07-15T22:00:00Z', '2026-07-16T22:00:00.000Z'],
    ['on the 25-hour day summer time ends', '2026-10-24T22:30:00Z', '2026-10-25T23:00:00.000Z'],
    ['on the 23-hour day summer time begins', '2026-03-28T23:30:00Z', '2026-03-29T22:00:00.000Z'],
    ['at the turn of the year', '2026-12-31T22:59:59Z', '2026-12-31T23:00:00.000Z'],
  ])('finds the next Swedish day %s', (_when, at, expected) => {
    expect(nextStockholmMidnight(new Date(at)).toISOString()).toBe(expected);
  });

  it('refuses an invalid date', () => {
    expect(() => nextStockholmMidnight(new Date('nope'))).toThrow(RangeError);
  });
});
