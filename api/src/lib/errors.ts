import { ERROR_STATUS, type ErrorCode, type ErrorStatus } from '@kollab/contract/api/errors';
import type { ZodError } from 'zod';

export { ERROR_STATUS, type ErrorCode, type ErrorStatus } from '@kollab/contract/api/errors';

/** Messages per dotted field path (`budget.amount`); `$` is the body as a whole. */
export type FieldErrors = Record<string, string[]>;

/** The one error type services throw; `app.ts` turns it into the envelope. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { fields?: FieldErrors; headers?: Record<string, string>; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.code = code;
    this.fields = options?.fields;
    this.headers = options?.headers;
  }

  get status(): ErrorStatus {
    return ERROR_STATUS[this.code];
  }

  /** A `validation_failed` error for business rules that belong to named fields. */
  static validation(fields: FieldErrors, message = 'Request is invalid'): AppError {
    return new AppError('validation_failed', message, { fields });
  }
}

/**
 * Groups zod issues by dotted path, the shape of `fields` in the envelope. Paths come from the
 * client's own keys, so they are collected in a Map: on a plain object a key such as `constructor`
 * or `__proto__` would hit Object.prototype instead of a fresh list.
 */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const fields = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const messages = fields.get(key);
    if (messages) messages.push(message);
    else fields.set(key, [message]);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Name each unexpected field rather than the object that contained it.
      for (const name of issue.keys) add([...issue.path.map(String), name].join('.'), issue.message);
      continue;
    }
    add(issue.path.map(String).join('.') || '$', issue.message);
  }
  // fromEntries defines own properties, so even `__proto__` becomes an ordinary field name.
  return Object.fromEntries(fields);
}

/** The status → code mapping for errors raised by Hono middleware (`HTTPException`). */
export function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  if (match) return match[0] as ErrorCode;
  return status >= 500 ? 'internal_error' : 'bad_request';
}
