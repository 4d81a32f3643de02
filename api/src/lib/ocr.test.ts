import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceFile } from '../../test/support/reference-files.ts';
import { generateOcr, isValidOcr, mod10CheckDigit, normaliseOcr } from './ocr.ts';

/**
 * Bankgirot's example file for "Avtal om OCR-kontroll: checksiffra och längd": every payment and
 * extra-reference record (TK20/22) whose reference code (position 56) is 2 carries a reference
 * Bankgirot's own check accepted, with check digit and length digit.
 */
function bankgirotExampleReferences(): string[] {
  const text = referenceFile('sweden/samples/bgmax/bankgirot_exempelfil_ocr-kontroll_checksiffra_langd.txt').toString(
    'latin1',
  );
  return (
    text
      .split(/\r?\n/)
      // One record of the published file is indented with TABs (8-column stops).
      .map((line) =>
        [...line].reduce((out, char) => out + (char === '\t' ? ' '.repeat(8 - (out.length % 8)) : char), ''),
      )
      .filter((line) => /^2[02]/.test(line) && line.length >= 56)
      .filter((line) => line[55] === '2')
      .map((line) => line.slice(12, 37).trim())
  );
}

describe('OCR references (Bankgirot)', () => {
  it("accepts every OCR reference of Bankgirot's example file with check digit and length digit", () => {
    const references = bankgirotExampleReferences();
    // The references as Bankgirot printed them, in file order (TK22 extra references included).
    expect(references).toEqual([
      '655969',
      '657866',
      '658765',
      '657767',
      '657965',
      '650861',
      '659763',
      '658260',
      '658369',
      '658468',
    ]);
    for (const reference of references) {
      expect(isValidOcr(reference, { lengthDigit: true }), reference).toBe(true);
      expect(generateOcr(reference.slice(0, -2)), reference).toBe(reference);
    }
  });

  it('computes the 10-modul check digit (weights 2,1,2… from the right)', () => {
    expect(mod10CheckDigit('65596')).toBe(9);
    expect(mod10CheckDigit('5050105')).toBe(5); // Bankgiro 5050-1055
    expect(generateOcr('1234', { lengthDigit: false })).toBe('12344');
    expect(generateOcr('1234')).toBe('123463');
  });

  it('refuses wrong check digits, wrong length digits, non-digits and lengths outside 2–25', () => {
    expect(isValidOcr('655968', { lengthDigit: true })).toBe(false);
    expect(isValidOcr('655969', { lengthDigit: false })).toBe(true);
    expect(isValidOcr('65596', { lengthDigit: true })).toBe(false);
    expect(isValidOcr('65 5969')).toBe(false);
    expect(isValidOcr('0')).toBe(false);
    expect(isValidOcr('1'.repeat(26))).toBe(false);
    expect(() => generateOcr('12a')).toThrow(RangeError);
    expect(() => generateOcr('1'.repeat(24))).toThrow(RangeError);
    expect(normaliseOcr(' 6559 69-')).toBe('655969');
  });

  it('generates references its own check accepts, and any one-digit change is caught', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (base, at, delta) => {
        const reference = generateOcr(base);
        expect(isValidOcr(reference, { lengthDigit: true })).toBe(true);
        const index = at % reference.length;
        const changed = `${reference.slice(0, index)}${(Number(reference[index]) + delta) % 10}${reference.slice(index + 1)}`;
        expect(isValidOcr(changed, { lengthDigit: true })).toBe(false);
      }),
    );
  });
});
