/**
 * The influencer-data provider integration: the typed HTTP client, its errors, the contract's
 * schemas and enums, and the cost rules. Import from here, not from the modules beside it.
 */
export {
  creditsFromHundredths,
  emailSearchCost,
  freeCost,
  overlapCost,
  performanceCost,
  rawCost,
  rawErrorCost,
  reportCost,
  searchCost,
} from './billing.ts';
export { createProviderClient } from './client.ts';
export type { CallOptions, ProviderClient, ProviderClientOptions, ProviderResult } from './client-types.ts';
export { Coalescer, canonicalJson } from './coalescer.ts';
export {
  errorForStatus,
  NO_COST,
  ProviderAbortError,
  ProviderBadGatewayError,
  ProviderBadRequestError,
  type ProviderCost,
  ProviderError,
  type ProviderErrorInit,
  ProviderForbiddenError,
  ProviderHttpError,
  ProviderInternalError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderStatusError,
  ProviderTimeoutError,
  ProviderUnauthorizedError,
  ProviderUnavailableError,
  ProviderValidationError,
  type ValidationIssue,
} from './errors.ts';
export { RateLimiter, type RateLimiterOptions } from './rate-limiter.ts';
export { type BackoffOptions, DEFAULT_BACKOFF, isRetryable, parseRetryAfter, retryDelayMs } from './retry.ts';
export * from './schemas.ts';
export type { Clock, Sleep } from './timing.ts';
export type { ProviderLogger } from './transport.ts';
