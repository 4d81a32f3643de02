import { describe, expect, it } from 'vitest';
import { maskPersonalNumber, parsePersonalNumber } from './personal-number.ts';

// A fixed "today" so every age and century decision is deterministic.
const today = new Date(2025, 5, 15); // 2025-06-15

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
    expect(parsePersonalNumber('070615-1230', new Date(2025, 5, 14))).toEqual({ ok: false, error: 'under_18' });
  });

  it('lets someone born on Feb 29 turn 18 on Mar 1 in a non-leap year', () => {
    expect(parsePersonalNumber('080229-1237', new Date(2026, 1, 28))).toEqual({ ok: false, error: 'under_18' });
    expect(parsePersonalNumber('080229-1237', new Date(2026, 2, 1))).toMatchObject({
      ok: true,
      value: { birthDate: '2008-02-29' },
    });
  });

  it('rejects a minor', () => {
    expect(parsePersonalNumber('20100101-1236', today)).toEqual({ ok: false, error: 'under_18' });
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
