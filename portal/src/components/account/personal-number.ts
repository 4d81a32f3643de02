// The API's own rules (@kollab/contract), on the same Swedish date, so the form refuses exactly what
// the server would: someone whose 18th birthday it is in Sweden is 18 from Swedish midnight.
import { parsePersonalNumber } from '@kollab/contract/personal-number';

/**
 * The API's code for what is wrong with a typed personal number (`invalid_format`, `invalid_date`,
 * `invalid_checksum`, `under_18`), or null when it is fine or left empty (empty keeps the saved one).
 */
export function personalNumberProblem(input: string, now: Date = new Date()): string | null {
  if (!input.trim()) return null;
  const parsed = parsePersonalNumber(input, now);
  return parsed.ok ? null : parsed.error;
}
