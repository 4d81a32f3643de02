/**
 * Errors in the provider's own shape (CONTRACT.md §1.4): every non-200 answer is
 * `{ error: true, code, message }` and clients branch on `code`.
 */
import type { ZodError } from 'zod';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 418 | 429 | 500 | 502 | 503 | 504;

export class ProviderError extends Error {
  readonly status: ErrorStatus;
  readonly code: string;

  constructor(status: ErrorStatus, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  body(): { error: true; code: string; message: string } {
    return { error: true, code: this.code, message: this.message };
  }
}

/** `invalid_body_params` with the first few zod issues as `path: message`. */
export function invalidParams(error: ZodError, prefix = ''): ProviderError {
  const message = error.issues
    .slice(0, 3)
    .map((issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  return new ProviderError(400, 'invalid_body_params', message);
}

export const notFound = (what: string) =>
  new ProviderError(404, 'handle_not_found', `No public account matches ${JSON.stringify(what)}.`);
