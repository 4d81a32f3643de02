/**
 * OCR references for Bankgiro payments, by Bankgirot's rules (Bankgiro Inbetalningar, "OCR-
 * referenskontroll"; ADR 024): only digits, 2–25 of them, the last one a check digit by the
 * 10-modul (Luhn) method over all the digits before it. With the optional length check the digit
 * before the check digit is the reference's whole length (check and length digits included),
 * modulo 10 (a 12-digit reference carries 2).
 */

const MIN_LENGTH = 2;
const MAX_LENGTH = 25;

/** The 10-modul (Luhn) check digit of `digits`: weights 2, 1, 2, … from the right. */
export function mod10CheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const weighted = index % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

export interface OcrOptions {
  /** Whether the digit before the check digit must be the length digit (Bankgirot's "längdkontroll"). */
  lengthDigit: boolean;
}

/**
 * Whether `reference` is a correct OCR reference: digits only, 2–25 long, correct check digit,
 * and with `lengthDigit` a correct length digit.
 */
export function isValidOcr(reference: string, options: OcrOptions = { lengthDigit: false }): boolean {
  if (!/^\d+$/.test(reference)) return false;
  if (reference.length < MIN_LENGTH || reference.length > MAX_LENGTH) return false;
  if (options.lengthDigit && Number(reference[reference.length - 2]) !== reference.length % 10) return false;
  return mod10CheckDigit(reference.slice(0, -1)) === Number(reference[reference.length - 1]);
}

/**
 * The OCR reference for `base` (digits, e.g. an invoice's running number): the base, then with
 * `lengthDigit` the length digit, then the check digit.
 * @throws RangeError when `base` is not digits or the reference would be longer than 25 digits
 */
export function generateOcr(base: string | number, options: OcrOptions = { lengthDigit: true }): string {
  const digits = String(base);
  if (!/^\d+$/.test(digits)) throw new RangeError('an OCR reference is made of digits');
  const length = digits.length + (options.lengthDigit ? 2 : 1);
  if (length > MAX_LENGTH) throw new RangeError(`an OCR reference has at most ${MAX_LENGTH} digits`);
  const body = options.lengthDigit ? `${digits}${length % 10}` : digits;
  return `${body}${mod10CheckDigit(body)}`;
}

/** A reference as a payer may type it ("1234 5678-9"): spaces and hyphens removed. */
export function normaliseOcr(input: string): string {
  return input.replace(/[\s-]/g, '');
}
