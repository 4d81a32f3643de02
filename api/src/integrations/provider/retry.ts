import {
  ProviderBadGatewayError,
  type ProviderError,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderUnavailableError,
} from './errors.ts';

export interface BackoffOptions {
  /** Delay before the first retry; doubles with each retry. */
  baseMs: number;
  /** Upper bound of any delay, including one asked for by `Retry-After`. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 8_000 };

/**
 * Only transient failures are retried: 429, 502, 503 and no answer at all. Other 4xx would fail
 * the same way again; a 500 is a provider fault the provider documents without a retry advice; a
 * timeout may have been billed upstream, so it is not repeated behind the caller's back.
 */
export function isRetryable(error: unknown): error is ProviderError {
  return (
    error instanceof ProviderRateLimitError ||
    error instanceof ProviderBadGatewayError ||
    error instanceof ProviderUnavailableError ||
    error instanceof ProviderNetworkError
  );
}

/**
 * Seconds to wait from a `Retry-After` header: delta-seconds or an HTTP date.
 * @returns undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - nowMs) / 1000);
}

/**
 * Delay before retry number `retry` (0 for the first): the server's `Retry-After` when it sent one,
 * otherwise exponential backoff with jitter (half fixed, half random) so that clients that failed
 * together do not retry together. Always capped at `maxMs`.
 */
export function retryDelayMs(
  retry: number,
  backoff: BackoffOptions,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== undefined) return Math.min(backoff.maxMs, Math.round(retryAfterSeconds * 1000));
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** retry);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
