import { normaliseHandle } from '@kollab/contract/api/discovery';
import { AppError } from '../../lib/errors.ts';

/**
 * A handle as the provider gets it (`normaliseHandle`). `.` and `..` (`@..` included) would walk up
 * the provider's path once in the URL, so they are refused before any provider call.
 * @throws bad_request for `.` and `..`
 */
export function providerHandle(handle: string): string {
  const normalised = normaliseHandle(handle);
  if (normalised === '.' || normalised === '..') {
    throw new AppError('bad_request', 'A handle cannot be "." or ".."');
  }
  return normalised;
}
