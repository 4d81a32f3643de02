import { describe, expect, it } from 'vitest';
import {
  ProviderBadGatewayError,
  ProviderBadRequestError,
  ProviderInternalError,
  ProviderNetworkError,
  ProviderRateLimitError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from './errors.ts';
import { isRetryable, parseRetryAfter, retryDelayMs } from './retry.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it.each<[string | null | undefined, number | undefined]>([
    ['5', 5],
    [' 0 ', 0],
    ['1.5', 1.5],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%s → %s seconds', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});

describe('retryDelayMs', () => {
  const backoff = { baseMs: 100, maxMs: 1_000 };

  it('doubles per retry with half of each delay random, capped at maxMs', () => {
    expect([0, 1, 2, 3, 4].map((retry) => retryDelayMs(retry, backoff, undefined, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect([0, 1, 2, 3, 4].map((retry) => retryDelayMs(retry, backoff, undefined, () => 1))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
  });

  it('uses Retry-After when given, capped at maxMs', () => {
    expect(retryDelayMs(0, backoff, 0.25, () => 1)).toBe(250);
    expect(retryDelayMs(0, backoff, 60, () => 1)).toBe(1_000);
  });
});

describe('isRetryable', () => {
  it('retries 429, 502, 503 and network failures only', () => {
    expect(isRetryable(new ProviderRateLimitError({ status: 429 }))).toBe(true);
    expect(isRetryable(new ProviderBadGatewayError({ status: 502 }))).toBe(true);
    expect(isRetryable(new ProviderUnavailableError({ status: 503 }))).toBe(true);
    expect(isRetryable(new ProviderNetworkError())).toBe(true);
    expect(isRetryable(new ProviderInternalError({ status: 500 }))).toBe(false);
    expect(isRetryable(new ProviderBadRequestError({ status: 400 }))).toBe(false);
    expect(isRetryable(new ProviderTimeoutError(100))).toBe(false);
    expect(isRetryable(new Error('other'))).toBe(false);
  });
});
