import type { Result } from './result.ts';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return sum % 10 === 0;
}

/**
 * A Swedish organisationsnummer (NNNNNN-NNNN, Luhn checksum, third digit at least 2; 16-prefixed
 * 12-digit form accepted) or a sole trader's personnummer, normalised to 'NNNNNN-NNNN'.
 */
export function parseOrgNumber(input: string): Result<string> {
  const compact = input.trim().replace(/[\s-]/g, '');
  const ten = /^16\d{10}$/.test(compact) ? compact.slice(2) : compact;
  if (!/^\d{10}$/.test(ten)) return { ok: false, error: 'invalid_org_number' };
  if (!luhnValid(ten)) return { ok: false, error: 'invalid_org_number' };
  return { ok: true, value: `${ten.slice(0, 6)}-${ten.slice(6)}` };
}
