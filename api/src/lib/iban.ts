import type { Result } from '@kollab/contract/result';

export type Iban = {
  /** Uppercase, no spaces. */
  iban: string;
  /** ISO 3166-1 alpha-2 country code, e.g. 'SE'. */
  country: string;
  /** First four and last four characters, e.g. 'SE45 •••• 7466'. */
  masked: string;
};

const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  SE: 24,
  NO: 15,
  DK: 18,
  FI: 18,
  DE: 22,
  GB: 22,
  FR: 27,
  NL: 18,
  ES: 24,
  IT: 27,
  BE: 16,
  AT: 20,
  CH: 21,
  IE: 22,
  PL: 28,
  PT: 25,
  EE: 20,
  LV: 21,
  LT: 20,
  IS: 26,
};

/** ISO 7064 mod 97-10 of an IBAN after moving the first four characters to the end and letters to 10–35. */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36); // '0'–'9' → 0–9, 'A'–'Z' → 10–35
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/** Validates an IBAN (country format, per-country length, mod-97 checksum) and normalises it. */
export function parseIban(input: string): Result<Iban> {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { ok: false, error: 'invalid_iban' };
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  const lengthOk = expected === undefined ? iban.length >= 15 && iban.length <= 34 : iban.length === expected;
  if (!lengthOk || ibanMod97(iban) !== 1) return { ok: false, error: 'invalid_iban' };
  return { ok: true, value: { iban, country, masked: `${iban.slice(0, 4)} •••• ${iban.slice(-4)}` } };
}

/** Validates a BIC/SWIFT code (8 or 11 characters) and returns it uppercased. */
export function parseBic(input: string): Result<string> {
  const bic = input.trim().toUpperCase();
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return { ok: false, error: 'invalid_bic' };
  return { ok: true, value: bic };
}
