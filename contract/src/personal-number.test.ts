import { describe, expect, it } from 'vitest';
import { maskPersonalNumber, parsePersonalNumber } from './personal-number.ts';

// A fixed "now" so every age and century decision is deterministic. Instants are written in UTC;
// the decisions are made on the Stockholm date (CET = UTC+1, CEST = UTC+2 from the last Sunday of
// March to the last Sunday of October).
const at = (iso: string): Date => new Date(iso);
const today = at('2025-06-15T10:00:00Z'); // 12:00 on 2025-06-15 in Sweden

describe('parsePersonalNumber: valid numbers', () => {
  it('accepts 10 digits with a dash', () => {
    expect(parsePersonalNumber('811228-9874', today)).toEqual({
      ok: true,
      value: { normalized: '19811228-9874', birthDate: '1981-12-28', isCoordinationNumber: false },
    });
  });

  it('accepts 10 digits without a separator', () => {
    expect(parsePersonalNumber('8112289874', today)).toEqual({
      ok: true,
      value: { normalized: '19811228-9874', birthDate: '1981-12-28', isCoordinationNumber: false },
    });
  });

  it('accepts 12 digits with a dash', () => {
    expect(parsePersonalNumber('19811228-9874', today)).toEqual({
      ok: true,
      value: { normalized: '19811228-9874', birthDate: '1981-12-28', isCoordinationNumber: false },
    });
  });

  it('accepts 12 digits without a separator', () => {
    expect(parsePersonalNumber('198112289874', today)).toEqual({
      ok: true,
      value: { normalized: '19811228-9874', birthDate: '1981-12-28', isCoordinationNumber: false },
    });
  });

  it('trims surrounding spaces', () => {
    expect(parsePersonalNumber('  811228-9874 ', today)).toMatchObject({
      ok: true,
      value: { normalized: '19811228-9874' },
    });
  });

  it('accepts a samordningsnummer (day + 60) and reports the real birth date', () => {
    expect(parsePersonalNumber('701063-2383', today)).toEqual({
      ok: true,
      value: { normalized: '19701063-2383', birthDate: '1970-10-03', isCoordinationNumber: true },
    });
    expect(parsePersonalNumber('197010632383', today)).toEqual({
      ok: true,
      value: { normalized: '19701063-2383', birthDate: '1970-10-03', isCoordinationNumber: true },
    });
  });

  it("reads a '+' separator as 100 years or older", () => {
    expect(parsePersonalNumber('190303+0029', today)).toEqual({
      ok: true,
      value: { normalized: '19190303-0029', birthDate: '1919-03-03', isCoordinationNumber: false },
    });
    // The same digits with '-' are a child born in 2019.
    expect(parsePersonalNumber('190303-0029', today)).toEqual({ ok: false, error: 'under_18' });
  });

  it('picks the latest century that does not put the birth date in the future', () => {
    expect(parsePersonalNumber('000101-0016', today)).toMatchObject({ ok: true, value: { birthDate: '2000-01-01' } });
    expect(parsePersonalNumber('251231-1230', today)).toMatchObject({ ok: true, value: { birthDate: '1925-12-31' } });
    // Born today: current century (so a newborn, under 18), not 1925.
    expect(parsePersonalNumber('250615-1238', today)).toEqual({ ok: false, error: 'under_18' });
  });
});

describe('parsePersonalNumber: leap years', () => {
  it('accepts Feb 29 in a leap year', () => {
    expect(parsePersonalNumber('040229-1231', today)).toEqual({
      ok: true,
      value: { normalized: '20040229-1231', birthDate: '2004-02-29', isCoordinationNumber: false },
    });
    expect(parsePersonalNumber('000229-1235', today)).toMatchObject({ ok: true, value: { birthDate: '2000-02-29' } });
    expect(parsePersonalNumber('20000229-1235', today)).toMatchObject({ ok: true, value: { birthDate: '2000-02-29' } });
  });

  it('rejects Feb 29 in a non-leap year', () => {
    expect(parsePersonalNumber('20050229-1234', today)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parsePersonalNumber('19000229-1234', today)).toEqual({ ok: false, error: 'invalid_date' });
    expect(parsePersonalNumber('050229-1234', today)).toEqual({ ok: false, error: 'invalid_date' });
  });

  it('accepts Feb 29 + 60 for a samordningsnummer in a leap year only', () => {
    expect(parsePersonalNumber('20040289-1238', today)).toEqual({
      ok: true,
      value: { normalized: '20040289-1238', birthDate: '2004-02-29', isCoordinationNumber: true },
    });
    expect(parsePersonalNumber('20050289-1234', today)).toEqual({ ok: false, error: 'invalid_date' });
  });
});

describe('parsePersonalNumber: the 18th birthday', () => {
  it('counts the 18th birthday itself as 18', () => {
    expect(parsePersonalNumber('070615-1230', today)).toEqual({
      ok: true,
      value: { normalized: '20070615-1230', birthDate: '2007-06-15', isCoordinationNumber: false },
    });
  });

  it('rejects the day before the 18th birthday', () => {
    expect(parsePersonalNumber('070616-1239', today)).toEqual({ ok: false, error: 'under_18' });
    expect(parsePersonalNumber('070615-1230', at('2025-06-14T10:00:00Z'))).toEqual({ ok: false, error: 'under_18' });
  });

  it('lets someone born on Feb 29 turn 18 on Mar 1 in a non-leap year', () => {
    expect(parsePersonalNumber('080229-1237', at('2026-02-28T12:00:00Z'))).toEqual({ ok: false, error: 'under_18' });
    expect(parsePersonalNumber('080229-1237', at('2026-03-01T12:00:00Z'))).toMatchObject({
      ok: true,
      value: { birthDate: '2008-02-29' },
    });
  });

  it('rejects a minor', () => {
    expect(parsePersonalNumber('20100101-1236', today)).toEqual({ ok: false, error: 'under_18' });
  });
});

describe('parsePersonalNumber: the 18th birthday begins at midnight in Sweden, not UTC', () => {
  // Each row: the number, and Swedish midnight as the 18th birthday begins (UTC instant). From then
  // until UTC midnight (one hour in winter, two in summer) the UTC date is still the day before.
  it.each([
    ['in winter (UTC+1)', '080115-1234', '2026-01-14T23:00:00Z'],
    ['in summer (UTC+2)', '080715-1238', '2026-07-14T22:00:00Z'],
    ['when summer time begins', '080329-1236', '2026-03-28T23:00:00Z'],
    ['when summer time ends', '20081025-1231', '2026-10-24T22:00:00Z'],
  ])('%s: %s', (_when, number, swedishMidnight) => {
    const midnight = at(swedishMidnight);
    const lastInstantBefore = new Date(midnight.getTime() - 1);
    const lastInstantBeforeUtcMidnight = at(`${swedishMidnight.slice(0, 10)}T23:59:59.999Z`);
    const digits = number.replace('-', '').slice(-10);
    const accepted = {
      ok: true,
      value: {
        normalized: `20${digits.slice(0, 6)}-${digits.slice(6)}`,
        birthDate: `20${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`,
        isCoordinationNumber: false,
      },
    };
    expect(parsePersonalNumber(number, lastInstantBefore)).toEqual({ ok: false, error: 'under_18' });
    expect(parsePersonalNumber(number, midnight)).toEqual(accepted);
    expect(parsePersonalNumber(number, lastInstantBeforeUtcMidnight)).toEqual(accepted);
  });

  it('reads the date in Sweden for the century of a 10-digit number too', () => {
    // 00:30 on 2026-01-01 in Sweden, still 2025 in UTC: '260101' is a newborn, not someone born in 1926.
    expect(parsePersonalNumber('260101-1238', at('2025-12-31T23:30:00Z'))).toEqual({ ok: false, error: 'under_18' });
  });
});

describe('parsePersonalNumber: errors', () => {
  it.each([
    [''],
    ['abc'],
    ['81122-9874'],
    ['811228-98745'],
    ['81122898745'],
    ['8112289874x'],
    ['81122a-9874'],
    ['8112-289874'],
    ['811228--9874'],
    ['811228 9874'],
    ['811228/9874'],
    ['19811228+9874'],
    ['1981122-89874'],
  ])('rejects %j as invalid_format', (input) => {
    expect(parsePersonalNumber(input, today)).toEqual({ ok: false, error: 'invalid_format' });
  });

  it.each([
    ['811328-9874'],
    ['810028-9874'],
    ['811200-9874'],
    ['811232-9874'],
    ['810431-9874'],
    ['811260-9874'],
    ['811292-9874'],
    ['20991231-1234'],
  ])('rejects %j as invalid_date', (input) => {
    expect(parsePersonalNumber(input, today)).toEqual({ ok: false, error: 'invalid_date' });
  });

  it.each([['811228-9875'], ['19811228-9870'], ['701063-2384'], ['190303+0028']])(
    'rejects %j as invalid_checksum',
    (input) => {
      expect(parsePersonalNumber(input, today)).toEqual({ ok: false, error: 'invalid_checksum' });
    },
  );
});

describe('maskPersonalNumber', () => {
  it('hides the last four digits', () => {
    expect(maskPersonalNumber('19811228-9874')).toBe('19811228-****');
    expect(maskPersonalNumber('19701063-2383')).toBe('19701063-****');
  });
});
