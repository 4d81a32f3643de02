import { describe, expect, it } from 'vitest';
import { parseBic, parseIban } from './iban.ts';

describe('parseIban', () => {
  it('normalises spaces and case, and masks all but the first and last four characters', () => {
    expect(parseIban('se45 5000 0000 0583 9825 7466')).toEqual({
      ok: true,
      value: { iban: 'SE4550000000058398257466', country: 'SE', masked: 'SE45 •••• 7466' },
    });
    expect(parseIban('  GB29 NWBK 6016 1331 9268 19 ')).toEqual({
      ok: true,
      value: { iban: 'GB29NWBK60161331926819', country: 'GB', masked: 'GB29 •••• 6819' },
    });
  });

  it.each([
    ['SE45 5000 0000 0583 9825 7466', 'SE'],
    ['SE35 5000 0000 0549 1000 0003', 'SE'],
    ['DE89 3704 0044 0532 0130 00', 'DE'],
    ['NO93 8601 1117 947', 'NO'],
    ['DK50 0040 0440 1162 43', 'DK'],
    ['FI21 1234 5600 0007 85', 'FI'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR'],
    ['NL91 ABNA 0417 1643 00', 'NL'],
    ['BE68 5390 0754 7034', 'BE'],
    ['CH93 0076 2011 6238 5295 7', 'CH'],
    ['IS14 0159 2600 7654 5510 7303 39', 'IS'],
    ['XK05 1212 0123 4567 8906', 'XK'],
    ['MT84 MALT 0110 0001 2345 MTLC AST0 01S', 'MT'],
  ])('accepts %s', (input, country) => {
    expect(parseIban(input)).toMatchObject({ ok: true, value: { country } });
  });

  it('accepts unlisted countries with 15 to 34 characters', () => {
    expect(parseIban('ZZ8112345678901')).toMatchObject({ ok: true, value: { iban: 'ZZ8112345678901' } });
    expect(parseIban('ZZ08111111111111111111111111111111')).toMatchObject({ ok: true, value: { country: 'ZZ' } });
  });

  it.each([
    ['', 'empty'],
    ['SE45', 'too short'],
    ['SE45 5000 0000 0583 9825 7467', 'bad checksum'],
    ['SE54 5000 0000 0583 9825 7466', 'swapped check digits'],
    ['DE89 3704 0044 0532 0130 01', 'bad checksum'],
    ['GB29 NWBK 6016 1331 9268 18', 'bad checksum'],
    ['NO93 8601 1117 948', 'bad checksum'],
    ['SE48 5000 0000 0583 9825 746', 'right checksum, wrong length for SE (23)'],
    ['NO37 8601 1117 9470', 'right checksum, wrong length for NO (16)'],
    ['ZZ12 1234 5678 90', 'unlisted country, 14 characters'],
    ['ZZ41 1111 1111 1111 1111 1111 1111 1111 111', 'unlisted country, 35 characters'],
    ['S145 5000 0000 0583 9825 7466', 'digit in the country code'],
    ['SEAB 5000 0000 0583 9825 7466', 'letters as check digits'],
    ['SE45-5000-0000-0583-9825-7466', 'dashes'],
    ['SE45 5000 0000 0583 9825 746!', 'punctuation'],
    ['4550000000058398257466SE', 'country code at the end'],
  ])('rejects %j (%s)', (input) => {
    expect(parseIban(input)).toEqual({ ok: false, error: 'invalid_iban' });
  });
});

describe('parseBic', () => {
  it.each([
    ['ESSESESS', 'ESSESESS'],
    ['essesess', 'ESSESESS'],
    [' HANDSESS ', 'HANDSESS'],
    ['NDEASESSXXX', 'NDEASESSXXX'],
    ['DEUTDEFF500', 'DEUTDEFF500'],
    ['SWEDSESS', 'SWEDSESS'],
    ['BOFAUS3N', 'BOFAUS3N'],
  ])('accepts %j', (input, value) => {
    expect(parseBic(input)).toEqual({ ok: true, value });
  });

  it.each([
    [''],
    ['ESSESES'],
    ['ESSESESSX'],
    ['ESSESESSXX'],
    ['ESSESESSXXXX'],
    ['E5SESESS'],
    ['ESSE5ESS'],
    ['ESSE SESS'],
    ['ESSESES-'],
    ['ÅSSESESS'],
  ])('rejects %j', (input) => {
    expect(parseBic(input)).toEqual({ ok: false, error: 'invalid_bic' });
  });
});
