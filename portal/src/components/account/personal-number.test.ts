import { describe, expect, it } from 'vitest';
import { personalNumberProblem } from './personal-number';

// Instants in UTC; Swedish midnight is 23:00 UTC in winter and 22:00 UTC in summer.
const at = (iso: string): Date => new Date(iso);

describe('personalNumberProblem (the account form, before sending)', () => {
  it('lets an empty field through: it keeps the saved number', () => {
    expect(personalNumberProblem('', at('2026-01-14T23:30:00Z'))).toBeNull();
    expect(personalNumberProblem('   ', at('2026-01-14T23:30:00Z'))).toBeNull();
  });

  it('gives the API codes for what the server would refuse', () => {
    const now = at('2026-06-15T10:00:00Z');
    expect(personalNumberProblem('19900101-0017', now)).toBeNull();
    expect(personalNumberProblem('1990-01-01', now)).toBe('invalid_format');
    expect(personalNumberProblem('19811328-9874', now)).toBe('invalid_date');
    expect(personalNumberProblem('19811228-9875', now)).toBe('invalid_checksum');
    expect(personalNumberProblem('20100101-1236', now)).toBe('under_18');
  });

  it.each([
    ['in winter', '20080115-1234', '2026-01-14T22:59:59.999Z', '2026-01-14T23:00:00Z', '2026-01-14T23:59:59.999Z'],
    ['in summer', '20080715-1238', '2026-07-14T21:59:59.999Z', '2026-07-14T22:00:00Z', '2026-07-14T23:59:59.999Z'],
  ])(
    'counts the 18th birthday from midnight in Sweden %s, while the UTC date is still the day before',
    (_when, number, dayBefore, swedishMidnight, beforeUtcMidnight) => {
      expect(personalNumberProblem(number, at(dayBefore))).toBe('under_18');
      expect(personalNumberProblem(number, at(swedishMidnight))).toBeNull();
      expect(personalNumberProblem(number, at(beforeUtcMidnight))).toBeNull();
    },
  );
});
