import { describe, expect, it } from 'vitest';
import { BOOKKEEPING_RETENTION_RULES, bookkeepingKeptUntil, type RetentionRule } from './bookkeeping-retention.ts';

describe('bookkeepingKeptUntil', () => {
  it.each([
    // Bokföringslagen 7 kap. 2 §: through the seventh year after the calendar year the financial year ended.
    ['2026-01-01T00:00:00+01:00', '2033-12-31'],
    ['2026-11-25T12:00:00Z', '2033-12-31'],
    ['2026-12-31T23:30:00+01:00', '2033-12-31'],
    // 23:30 UTC on New Year's Eve is already 2027 in Stockholm.
    ['2026-12-31T23:30:00Z', '2034-12-31'],
  ])('keeps a record made %s until %s', (at, until) => {
    expect(bookkeepingKeptUntil(new Date(at))).toBe(until);
  });

  it('counts from the end of a financial year that is not the calendar year', () => {
    const brokenYear = { month: 6, day: 30 };
    expect(bookkeepingKeptUntil(new Date('2026-06-30T12:00:00Z'), BOOKKEEPING_RETENTION_RULES, brokenYear)).toBe(
      '2033-12-31',
    );
    expect(bookkeepingKeptUntil(new Date('2026-07-01T12:00:00Z'), BOOKKEEPING_RETENTION_RULES, brokenYear)).toBe(
      '2034-12-31',
    );
  });

  it('applies the rule in force when the financial year ended, and refuses a year before every rule', () => {
    const rules: RetentionRule[] = [
      { inForceFrom: '2000-01-01', years: 10, source: 'old', rule: 'ten years' },
      { inForceFrom: '2011-07-01', years: 7, source: 'new', rule: 'seven years' },
    ];
    expect(bookkeepingKeptUntil(new Date('2010-05-01T12:00:00Z'), rules)).toBe('2020-12-31');
    expect(bookkeepingKeptUntil(new Date('2011-03-01T12:00:00Z'), rules)).toBe('2018-12-31');
    expect(() => bookkeepingKeptUntil(new Date('2010-05-01T12:00:00Z'))).toThrow(
      'no bookkeeping retention rule in force on 2010-12-31',
    );
  });
});
