import type { z } from 'zod';
import {
  emailSearchCost,
  freeCost,
  overlapCost,
  performanceCost,
  rawCost,
  rawErrorCost,
  reportCost,
  searchCost,
} from './billing.ts';
import type { CallOptions, ProviderClient, ProviderClientOptions, ProviderResult } from './client-types.ts';
import { Coalescer, canonicalJson } from './coalescer.ts';
import type { ProviderCost } from './errors.ts';
import { RateLimiter } from './rate-limiter.ts';
import { type RawResponse, rawResponseSchema } from './raw-schemas.ts';
import { REPORT_RESPONSE_SCHEMAS, type ReportResponse } from './report-schemas.ts';
import {
  checked,
  checkRawCall,
  DictionaryArgsSchema,
  EmailSearchArgsSchema,
  OverlapArgsSchema,
  PerformanceArgsSchema,
  PlatformSchema,
  ReportArgsSchema,
} from './request-checks.ts';
import {
  DICTIONARY_RESPONSE_SCHEMAS,
  type DictionaryResponse,
  EmailSearchResponseSchema,
  OverlapResponseSchema,
  PerformanceResponseSchema,
  SearchResponseSchema,
  UserInfoResponseSchema,
} from './response-schemas.ts';
import { DEFAULT_BACKOFF, isRetryable, retryDelayMs } from './retry.ts';
import { SEARCH_BODY_SCHEMAS } from './search-schemas.ts';
import { abortableSleep, realClock, realSleep } from './timing.ts';
import { describeRequest, type ProviderRequest, sendOnce, type Transport } from './transport.ts';

interface CallSpec<T> {
  request: ProviderRequest;
  schema: z.ZodType<T>;
  limiter: RateLimiter;
  cost: (data: T) => ProviderCost;
  errorCost?: (status: number) => ProviderCost;
}

/**
 * The one HTTP client for the influencer-data provider (Modash API 1.5.0). Every call is checked
 * before sending, shares an identical call already in flight, waits for its turn under the
 * provider's rate limit, retries transient failures with backoff, and comes back parsed with its
 * cost, or as a typed ProviderError.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? realClock;
  const retries = options.retries ?? 3;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const transport: Transport = {
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
    logger: options.logger,
    now,
  };
  const limiter = (perSecond: number) => new RateLimiter({ perSecond, now, sleep });
  const discovery = limiter(options.rateLimit?.perSecond ?? 2);
  const dictionaries = limiter(options.rateLimit?.dictionaryPerSecond ?? 10);
  const rawLimiter = limiter(options.rateLimit?.rawPerSecond ?? 10);
  const coalescer = new Coalescer();

  async function attempts<T>(spec: CallSpec<T>, signal: AbortSignal): Promise<T> {
    const label = describeRequest(spec.request);
    for (let retry = 0; ; retry += 1) {
      await spec.limiter.acquire(signal, label);
      try {
        return await sendOnce(transport, spec.request, spec.schema, signal, spec.errorCost ?? freeCost);
      } catch (error) {
        if (!isRetryable(error) || retry >= retries) throw error;
        const retryAfter = 'retryAfterSeconds' in error ? (error.retryAfterSeconds as number | undefined) : undefined;
        const delayMs = retryDelayMs(retry, backoff, retryAfter, random);
        options.logger?.warn(
          { request: label, status: error.status, retry: retry + 1, delayMs },
          'provider call retried',
        );
        await abortableSleep(sleep, delayMs, signal, label);
      }
    }
  }

  async function call<T>(spec: CallSpec<T>, opts: CallOptions | undefined): Promise<ProviderResult<T>> {
    const { method, path, query, body } = spec.request;
    const definedQuery = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
    const key = `${method} ${path} ${canonicalJson(Object.fromEntries(definedQuery))} ${canonicalJson(body)}`;
    const { value, shared } = await coalescer.run(
      key,
      (signal) => attempts(spec, signal),
      opts?.signal,
      describeRequest(spec.request),
    );
    return { data: value, cost: spec.cost(value), coalesced: shared };
  }

  return {
    async search(platform, body, opts) {
      const label = `POST /${platform}/search`;
      const valid = checked(PlatformSchema, platform, label);
      const sent = checked(SEARCH_BODY_SCHEMAS[valid], body, label);
      return call(
        {
          request: { method: 'POST', path: `/${valid}/search`, body: sent },
          schema: SearchResponseSchema,
          limiter: discovery,
          cost: searchCost,
        },
        opts,
      );
    },

    async report(platform, userIdOrHandle, reportOptions, opts) {
      const label = `GET /${platform}/profile/{userId}/report`;
      const args = checked(ReportArgsSchema, { platform, userIdOrHandle, ...reportOptions }, label);
      const schema = REPORT_RESPONSE_SCHEMAS[args.platform] as unknown as z.ZodType<ReportResponse<typeof platform>>;
      return call(
        {
          request: {
            method: 'GET',
            path: `/${args.platform}/profile/${encodeURIComponent(args.userIdOrHandle)}/report`,
            query: { calculationMethod: args.calculationMethod },
          },
          schema,
          limiter: discovery,
          cost: reportCost,
        },
        opts,
      );
    },

    async overlap(platform, influencers, opts) {
      const args = checked(OverlapArgsSchema, { platform, influencers }, `POST /${platform}/reports/audience/overlap`);
      return call(
        {
          request: {
            method: 'POST',
            path: `/${args.platform}/reports/audience/overlap`,
            body: { influencers: args.influencers },
          },
          schema: OverlapResponseSchema,
          limiter: discovery,
          cost: overlapCost,
        },
        opts,
      );
    },

    async dictionary(platform, kind, params, opts) {
      const args = checked(DictionaryArgsSchema, { platform, kind, ...params }, `GET /${platform}/${kind}`);
      const schemas: Record<string, z.ZodType> = DICTIONARY_RESPONSE_SCHEMAS;
      const schema = schemas[args.kind] as z.ZodType<DictionaryResponse<typeof kind>>;
      return call(
        {
          request: {
            method: 'GET',
            path: `/${args.platform}/${args.kind}`,
            query: { query: args.query, limit: args.limit },
          },
          schema,
          limiter: dictionaries,
          cost: freeCost,
        },
        opts,
      );
    },

    async performance(platform, url, opts) {
      const args = checked(PerformanceArgsSchema, { platform, url }, `GET /${platform}/performance-data`);
      return call(
        {
          request: { method: 'GET', path: `/${args.platform}/performance-data`, query: { url: args.url } },
          schema: PerformanceResponseSchema,
          limiter: discovery,
          cost: performanceCost,
        },
        opts,
      );
    },

    async emailSearch(emails, opts) {
      const args = checked(EmailSearchArgsSchema, { emails }, 'POST /email-search');
      return call(
        {
          request: { method: 'POST', path: '/email-search', body: { emails: args.emails } },
          schema: EmailSearchResponseSchema,
          limiter: discovery,
          cost: emailSearchCost,
        },
        opts,
      );
    },

    async userInfo(opts) {
      return call(
        {
          request: { method: 'GET', path: '/user/info' },
          schema: UserInfoResponseSchema,
          limiter: discovery,
          cost: freeCost,
        },
        opts,
      );
    },

    async raw(platform, endpoint, params, opts) {
      checkRawCall(platform, endpoint, params);
      const schema = rawResponseSchema(platform, endpoint) as z.ZodType<RawResponse<typeof platform, typeof endpoint>>;
      return call(
        {
          request: { method: 'GET', path: `/raw/${platform}/${encodeURIComponent(endpoint)}`, query: params },
          schema,
          limiter: rawLimiter,
          cost: rawCost,
          errorCost: rawErrorCost,
        },
        opts,
      );
    },
  };
}
