import { luhnValid } from '@kollab/contract/luhn';
import type { Result } from '@kollab/contract/result';

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
