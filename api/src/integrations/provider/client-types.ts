import type { CalculationMethod, OverlapPlatform, Platform } from '@kollab/contract/provider-enums';
import type { RawPlatform } from '@kollab/contract/provider-raw-endpoints';
import type { ProviderCost } from './errors.ts';
import type { RawResponse } from './raw-schemas.ts';
import type { ReportResponse } from './report-schemas.ts';
import type {
  DictionaryResponse,
  EmailSearchResponse,
  OverlapResponse,
  PerformanceResponse,
  SearchResponse,
  UserInfoResponse,
} from './response-schemas.ts';
import type { BackoffOptions } from './retry.ts';
import type { SearchBody } from './search-schemas.ts';
import type { Clock, Sleep } from './timing.ts';
import type { ProviderLogger } from './transport.ts';

/* The public types of the provider client: its options, per-call options, results and methods. */

export interface ProviderClientOptions {
  /** The provider's versioned base, e.g. `https://api.modash.io/v1`, or the sample provider's. */
  baseUrl: string;
  /** Bearer key; sent in the `Authorization` header only, never logged. */
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt; default 15 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt for 429/502/503 and network failures; default 3. */
  retries?: number;
  backoff?: BackoffOptions;
  rateLimit?: {
    /** Search, report, overlap, performance, email search and user info; default 2/s. */
    perSecond?: number;
    /** Dictionaries and `/users` lookups; default 10/s. */
    dictionaryPerSecond?: number;
    /** Raw API; default 10/s. */
    rawPerSecond?: number;
  };
  logger?: ProviderLogger;
  /** Injected waits and clock for tests; real time by default. */
  sleep?: Sleep;
  now?: Clock;
  /** Jitter source for backoff; Math.random by default. */
  random?: () => number;
}

export interface CallOptions {
  /** Cancels this caller's request; rejects with ProviderAbortError ('Request aborted'). */
  signal?: AbortSignal;
}

export interface ProviderResult<T> {
  data: T;
  /** What the provider call cost (computed from the provider's price list). */
  cost: ProviderCost;
  /**
   * True when this caller joined an identical call already in flight: the provider was called
   * (and billed) once for all of them, so only the caller with `coalesced: false` should book `cost`.
   */
  coalesced: boolean;
}

export interface ProviderClient {
  search<P extends Platform>(
    platform: P,
    body: SearchBody<P>,
    opts?: CallOptions,
  ): Promise<ProviderResult<SearchResponse>>;
  report<P extends Platform>(
    platform: P,
    userIdOrHandle: string,
    options?: { calculationMethod?: CalculationMethod },
    opts?: CallOptions,
  ): Promise<ProviderResult<ReportResponse<P>>>;
  overlap(
    platform: OverlapPlatform,
    influencers: string[],
    opts?: CallOptions,
  ): Promise<ProviderResult<OverlapResponse>>;
  dictionary<K extends string>(
    platform: Platform,
    kind: K,
    params?: { query?: string; limit?: number },
    opts?: CallOptions,
  ): Promise<ProviderResult<DictionaryResponse<K>>>;
  performance(platform: Platform, url: string, opts?: CallOptions): Promise<ProviderResult<PerformanceResponse>>;
  emailSearch(emails: string[], opts?: CallOptions): Promise<ProviderResult<EmailSearchResponse>>;
  userInfo(opts?: CallOptions): Promise<ProviderResult<UserInfoResponse>>;
  raw<P extends RawPlatform, E extends string>(
    platform: P,
    endpoint: E,
    params: Record<string, string | undefined>,
    opts?: CallOptions,
  ): Promise<ProviderResult<RawResponse<P, E>>>;
}
