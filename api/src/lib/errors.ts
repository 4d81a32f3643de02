import type { ZodError } from 'zod';

/**
 * The closed list of error codes and their HTTP status. Clients branch on `code`; the portal and
 * site show text from their sv/en dictionaries keyed by it, never the English `message`.
 */
export const ERROR_STATUS = {
  /** Malformed request: bad JSON, unsupported parameter combination. */
  bad_request: 400,
  /** No session, an expired one, or wrong credentials. */
  unauthorized: 401,
  /** Signed in but not allowed (role), or a failed CSRF check. */
  forbidden: 403,
  /** A sensitive action (e-mail, payout method, withdrawal) needs a recent sign-in: confirm the password. */
  reauthentication_required: 403,
  /** Missing resource, unknown route, or another tenant's resource (ADR 004). */
  not_found: 404,
  /** Unique violation or an invalid state transition. */
  conflict: 409,
  /** Request body over the size limit. */
  payload_too_large: 413,
  /** Schema violation at the edge, or a business rule tied to a field. */
  validation_failed: 422,
  /** Too many attempts; the response carries `Retry-After`. */
  rate_limited: 429,
  /** Anything unexpected; details only in the logs. */
  internal_error: 500,
  /** A dependency (database, provider) is down. */
  service_unavailable: 503,
  /** The influencer-data provider failed or answered something we cannot read. */
  provider_error: 502,
  /** The influencer-data provider did not answer in time. */
  provider_timeout: 504,
  /** The brand spent its provider credits or raw requests for today (`PROVIDER_DAILY_CREDIT_CAP`, `PROVIDER_DAILY_RAW_CAP`). */
  credit_cap_reached: 429,
  /** Kollab's provider budget for all brands together is spent for today (`PROVIDER_GLOBAL_DAILY_*`). */
  provider_budget_reached: 429,
  /** Discovery spends provider credits: only for accounts whose e-mail address is verified. */
  email_not_verified: 403,
  /** The provider is still preparing the data (performance data); ask again in a few minutes. */
  retry_later: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];
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
