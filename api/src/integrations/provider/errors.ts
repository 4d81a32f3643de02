import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';

/** What a provider call cost on the provider's two meters. */
export interface ProviderCost {
  /** Discovery credits, to two decimals. */
  credits: number;
  /** Raw API requests. */
  rawRequests: number;
}

export const NO_COST: ProviderCost = Object.freeze({ credits: 0, rawRequests: 0 });

/** Longest provider body kept on an error: enough to debug, bounded against huge HTML pages. */
const BODY_LIMIT = 10_000;
const EXCERPT_LIMIT = 300;

export interface ProviderErrorInit {
  /** HTTP status; 0 when no response was received (abort, timeout, network). */
  status: number;
  statusText?: string;
  /** The provider's machine-readable `code` from the error body, when there is one. */
  code?: string;
  /** The provider's response body as text, when there is one. */
  body?: string;
  /** `METHOD /path` of the call, without query string and without any credential. */
  request?: string;
  /** What the failed call still cost (a Raw 404 is billed). */
  cost?: ProviderCost;
  cause?: unknown;
}

/**
 * Base of every failure of the provider client, so callers can catch one class and branch on
 * `status` or `code` (the provider's documented way: branch on `code`, never on the message).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly body: string;
  readonly request: string | undefined;
  readonly cost: ProviderCost;

  constructor(message: string, init: ProviderErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.statusText = init.statusText || (init.status ? (STATUS_CODES[init.status] ?? '') : '');
    this.code = init.code;
    this.body = (init.body ?? '').slice(0, BODY_LIMIT);
    this.request = init.request;
    this.cost = init.cost ?? NO_COST;
  }
}

function describe(init: ProviderErrorInit, detail?: string): string {
  const status = `${init.status} ${init.statusText || STATUS_CODES[init.status] || ''}`.trim();
  const code = init.code ? ` (${init.code})` : '';
  const where = init.request ? ` for ${init.request}` : '';
  return `Provider answered ${status}${code}${where}${detail ? `: ${detail}` : ''}`;
}

/** A provider error with a status the client names (400, 401, 403, 404, 429, 500, 502, 503). */
export class ProviderStatusError extends ProviderError {
  override name = 'ProviderStatusError';
  /** The provider's human-readable message; informative only, it is not stable. */
  readonly providerMessage: string | undefined;

  constructor(init: ProviderErrorInit & { providerMessage?: string; message?: string }) {
    super(init.message ?? describe(init, init.providerMessage), init);
    this.providerMessage = init.providerMessage;
  }
}

export class ProviderBadRequestError extends ProviderStatusError {
  override name = 'ProviderBadRequestError';
}
export class ProviderUnauthorizedError extends ProviderStatusError {
  override name = 'ProviderUnauthorizedError';
}
export class ProviderForbiddenError extends ProviderStatusError {
  override name = 'ProviderForbiddenError';
}
export class ProviderNotFoundError extends ProviderStatusError {
  override name = 'ProviderNotFoundError';
}
export class ProviderInternalError extends ProviderStatusError {
  override name = 'ProviderInternalError';
}
export class ProviderBadGatewayError extends ProviderStatusError {
  override name = 'ProviderBadGatewayError';
}
export class ProviderUnavailableError extends ProviderStatusError {
  override name = 'ProviderUnavailableError';
}

/** 429: over the provider's rate limit. `retryAfterSeconds` comes from `Retry-After` when sent. */
export class ProviderRateLimitError extends ProviderStatusError {
  override name = 'ProviderRateLimitError';
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ProviderErrorInit & { providerMessage?: string; retryAfterSeconds?: number }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Any other non-2xx status: carries status, status text and an excerpt of the body in its message. */
export class ProviderHttpError extends ProviderError {
  override name = 'ProviderHttpError';

  constructor(init: ProviderErrorInit) {
    super(describe(init, excerpt(init.body ?? '') || undefined), init);
  }
}

/** The caller cancelled the request (its AbortSignal fired). */
export class ProviderAbortError extends ProviderError {
  override name = 'ProviderAbortError';

  constructor(init: Omit<ProviderErrorInit, 'status'> = {}) {
    super('Request aborted', { ...init, status: 0 });
  }
}

/** The provider did not answer one attempt within the client's timeout. */
export class ProviderTimeoutError extends ProviderError {
  override name = 'ProviderTimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number, init: Omit<ProviderErrorInit, 'status'> = {}) {
    const where = init.request ? ` for ${init.request}` : '';
    super(`Provider did not answer within ${timeoutMs} ms${where}`, { ...init, status: 0 });
    this.timeoutMs = timeoutMs;
  }
}

/** No HTTP answer at all (DNS, refused or reset connection): transient like a 503. */
export class ProviderNetworkError extends ProviderError {
  override name = 'ProviderNetworkError';

  constructor(init: Omit<ProviderErrorInit, 'status'> = {}) {
    const reason = networkReason(init.cause);
    const where = init.request ? ` for ${init.request}` : '';
    super(`Provider unreachable${where}${reason ? `: ${reason}` : ''}`, { ...init, status: 0 });
  }
}

/** A 2xx answer that is not JSON or not the documented shape; `issues` lists what did not match. */
export class ProviderResponseError extends ProviderError {
  override name = 'ProviderResponseError';
  readonly issues: z.core.$ZodIssue[];

  constructor(reason: string, init: ProviderErrorInit & { issues?: z.core.$ZodIssue[] }) {
    const where = init.request ? ` for ${init.request}` : '';
    super(`Unexpected provider response${where}: ${reason}`, { code: 'invalid_response', ...init });
    this.issues = init.issues ?? [];
  }
}

export interface ValidationIssue {
  /** Dotted path of the offending input, e.g. `filter.influencer.followers.min` or a Raw param name. */
  path: string;
  message: string;
}

/** The request was refused by the client before anything was sent (nothing was billed). */
export class ProviderValidationError extends ProviderBadRequestError {
  override name = 'ProviderValidationError';
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[], request?: string) {
    const detail = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
    super({
      status: 400,
      code: 'invalid_request',
      message: `Invalid provider request${request ? ` for ${request}` : ''}: ${detail}`,
      request,
    });
    this.issues = issues;
  }
}

const NAMED: Record<number, typeof ProviderStatusError> = {
  400: ProviderBadRequestError,
  401: ProviderUnauthorizedError,
  403: ProviderForbiddenError,
  404: ProviderNotFoundError,
  500: ProviderInternalError,
  502: ProviderBadGatewayError,
  503: ProviderUnavailableError,
};

/**
 * The error for a non-2xx answer: a named class for the statuses the contract lists, the generic
 * `ProviderHttpError` for anything else.
 */
export function errorForStatus(
  init: ProviderErrorInit & { providerMessage?: string; retryAfterSeconds?: number },
): ProviderError {
  if (init.status === 429) return new ProviderRateLimitError(init);
  const Named = NAMED[init.status];
  return Named ? new Named(init) : new ProviderHttpError(init);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LIMIT ? `${flat.slice(0, EXCERPT_LIMIT)}…` : flat;
}

function networkReason(cause: unknown): string {
  if (!(cause instanceof Error)) return '';
  const inner = cause.cause instanceof Error ? cause.cause.message : '';
  return inner || cause.message;
}
