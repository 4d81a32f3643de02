import { describe, expect, it } from 'vitest';
import { stockholmDate, stockholmDay } from './stockholm-date.ts';

// Instants are written in UTC (CET = UTC+1 in winter, CEST = UTC+2 from the last Sunday of March to
// the last Sunday of October).
describe('stockholmDate', () => {
  it.each([
    ['just before midnight in winter', '2026-01-14T22:59:59.999Z', { year: 2026, month: 1, day: 14 }],
    ['at midnight in winter, still the day before in UTC', '2026-01-14T23:00:00Z', { year: 2026, month: 1, day: 15 }],
    ['just before midnight in summer', '2026-07-14T21:59:59.999Z', { year: 2026, month: 7, day: 14 }],
    ['at midnight in summer, two hours before UTC', '2026-07-14T22:00:00Z', { year: 2026, month: 7, day: 15 }],
    ['at the turn of the year', '2025-12-31T23:00:00Z', { year: 2026, month: 1, day: 1 }],
    ['on the 23-hour day summer time begins', '2026-03-29T21:59:59Z', { year: 2026, month: 3, day: 29 }],
    ['on the 25-hour day summer time ends', '2026-10-25T22:59:59Z', { year: 2026, month: 10, day: 25 }],
  ])('reads the Swedish date %s', (_when, at, expected) => {
    expect(stockholmDate(new Date(at))).toEqual(expected);
  });

  it('refuses an invalid date', () => {
    expect(() => stockholmDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('stockholmDay', () => {
  it('writes the Swedish date as YYYY-MM-DD, each instant its own day though answers are kept by minute', () => {
    // Alternating sides of Swedish midnight: a kept answer must never be another minute's.
    const instants = [
      '2026-01-14T22:59:59.999Z',
      '2026-01-14T23:00:00Z',
      '2026-01-14T22:59:00Z',
      '2026-07-14T22:00:00Z',
    ];
    expect(instants.map((at) => stockholmDay(new Date(at)))).toEqual([
      '2026-01-14',
      '2026-01-15',
      '2026-01-14',
      '2026-07-15',
    ]);
  });

  it('refuses an invalid date', () => {
    expect(() => stockholmDay(new Date('nope'))).toThrow(RangeError);
  });
});
