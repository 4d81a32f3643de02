import { stockholmDay } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import type { User } from '@kollab/db/schema';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import {
  ProviderError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderTimeoutError,
  ProviderValidationError,
} from '../../integrations/provider/index.ts';
import { BoundedCache, perOwner } from '../../lib/bounded-cache.ts';
import { type PreparedJson, prepareJson } from '../../lib/compress-json.ts';
import { AppError } from '../../lib/errors.ts';
import { InstanceCache } from '../../lib/instance-cache.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MessageBus } from '../../lib/message-bus.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { alertAdmins } from './budget-alert.ts';
import { readCacheText, writeCache } from './cache.ts';
import {
  type DailyLimits,
  type Refusal,
  recordCacheHit,
  reserveCredits,
  secondsUntilTomorrow,
  settleCredits,
} from './usage.ts';

export type CallKind = 'search' | 'report' | 'overlap' | 'dictionary' | 'performance' | 'email' | 'raw' | 'account';

/** What the portal learns about each answer besides the data itself. */
export interface CallMeta {
  cached: boolean;
  fetchedAt: string;
  /** Credits this request spent: 0 when answered from the cache or by another request's call. */
  credits: number;
  rawRequests: number;
  sample: boolean;
}

export interface ProviderCall<T> {
  kind: CallKind;
  platform: string;
  /** Everything that makes two calls the same call (the cache and coalescing key). */
  params: unknown;
  /** How long the answer stays fresh; null: never stored (e-mail search). */
  ttlMs: number | null;
  /** Credits booked against the daily limits before calling (the most the call can cost). */
  maxCredits: number;
  /** Raw requests booked the same way (1 for a Raw API lookup; default 0). */
  maxRawRequests?: number;
  /** Re-fetch on purpose even when a fresh answer is cached. */
  refresh?: boolean;
  fetch: () => Promise<{ data: T; cost: { credits: number; rawRequests: number }; coalesced: boolean }>;
}

/** The settings discovery's spending limits come from (env.ts; ADR 011). */
export type SpendingSettings = Pick<
  Env,
  | 'PROVIDER_DAILY_CREDIT_CAP'
  | 'PROVIDER_DAILY_RAW_CAP'
  | 'PROVIDER_GLOBAL_DAILY_CREDITS'
  | 'PROVIDER_GLOBAL_DAILY_RAW_REQUESTS'
  | 'PROVIDER_BRAND_CALLS_PER_MINUTE'
  | 'PUBLIC_URL'
>;

export interface CallContext {
  db: Database;
  user: User;
  logger: Logger;
  sample: boolean;
  settings: SpendingSettings;
  /** Alerts the admins when a global budget is reached. */
  mailer: Mailer;
  /** Which prepared answers this instance knows to be current (`createCurrentAnswers`); without it, it asks each time. */
  current?: CurrentAnswers;
}

/**
 * What one user's booking is checked against: brands have their own daily caps and are refused
 * past Kollab's global budget; admins are neither capped nor refused, but their spending counts.
 */
export function limitsFor(user: Pick<User, 'role'>, settings: SpendingSettings): DailyLimits {
  const isAdmin = user.role === 'admin';
  return {
    ...(isAdmin
      ? {}
      : { own: { credits: settings.PROVIDER_DAILY_CREDIT_CAP, rawRequests: settings.PROVIDER_DAILY_RAW_CAP } }),
    global: {
      credits: settings.PROVIDER_GLOBAL_DAILY_CREDITS,
      rawRequests: settings.PROVIDER_GLOBAL_DAILY_RAW_REQUESTS,
    },
    enforceGlobal: !isAdmin,
  };
}

/** The 429 for a refused booking, with Retry-After until the Swedish day ends. */
function refusalError(refusal: Refusal, now: Date): AppError {
  const headers = { 'Retry-After': String(secondsUntilTomorrow(now)) };
  const what = refusal.what === 'credits' ? 'provider credits' : 'raw requests';
  if (refusal.scope === 'own') {
    return new AppError('credit_cap_reached', `Today's ${what} (${refusal.limit}) are spent; try again tomorrow`, {
      headers,
    });
  }
  return new AppError('provider_budget_reached', `Kollab's ${what} for today are spent; try again tomorrow`, {
    headers,
  });
}

/**
 * Books a call against the limits, after the brand's per-minute rate (free account look-ups
 * aside). A refusal that is the first by a global budget today alerts the admins first.
 * @throws rate_limited, credit_cap_reached, provider_budget_reached (each with Retry-After)
 */
async function book(context: CallContext, call: ProviderCall<unknown>) {
  const { db, user, settings } = context;
  if (user.role !== 'admin' && call.kind !== 'account') {
    await enforceRateLimit(db, `discovery:${user.id}`, {
      limit: settings.PROVIDER_BRAND_CALLS_PER_MINUTE,
      windowSeconds: 60,
    });
  }
  const now = new Date();
  const cost = { credits: call.maxCredits, rawRequests: call.maxRawRequests ?? 0 };
  const booked = await reserveCredits(db, user.id, cost, limitsFor(user, settings), now);
  if ('reservation' in booked) return booked.reservation;
  if (booked.refusal.firstToday) {
    const deps = { db, mailer: context.mailer, logger: context.logger, publicUrl: settings.PUBLIC_URL };
    await alertAdmins(deps, booked.refusal, stockholmDay(now));
  }
  throw refusalError(booked.refusal, now);
}

type Flight = Promise<{ data: unknown; fetchedAt: Date }>;
/** Calls in flight in this process by cache key: identical concurrent requests share one. */
const inFlight = new Map<string, Flight>();

/** What an answer nobody paid for now says: from the cache, or from another request's call. */
function freeMeta(fetchedAt: Date, sample: boolean): CallMeta {
  return { cached: true, fetchedAt: fetchedAt.toISOString(), credits: 0, rawRequests: 0, sample };
}

/** The fresh cached answer for `key` (free, counted as a cache hit), or undefined. */
export async function answerFromCache<T>(
  context: CallContext,
  key: string,
): Promise<{ data: T; meta: CallMeta } | undefined> {
  const cached = await readCacheText(context.db, key, undefined);
  if (!cached) return undefined;
  recordCacheHit(context.db, context.user.id);
  return { data: JSON.parse(cached.text ?? 'null') as T, meta: freeMeta(cached.fetchedAt, context.sample) };
}

interface PreparedAnswer {
  fetchedAt: Date;
  sample: boolean;
  answer: PreparedJson;
}
/** Room for about 700 prepared reports of ~20 KB (text and gzip); least recently used go first. */
const PREPARED_BUDGET_BYTES = 32 * 1024 * 1024;
/** Cached answers serialised and gzipped, per database and cache key. */
const preparedAnswersOf = perOwner((): BoundedCache<PreparedAnswer> => new BoundedCache(PREPARED_BUDGET_BYTES));

/** The stored answer of a key as last read: which fetch it is, and until when it is fresh. */
interface CurrentAnswer {
  fetchedAt: Date;
  expiresAt: Date;
}
export type CurrentAnswers = InstanceCache<CurrentAnswer>;

/**
 * The cache keys whose stored answer this instance has read, so a request for a prepared answer
 * need not ask the database whether it is still the current one (ADR 035). A refresh, a purge or
 * any other change to `provider_cache` on any instance is announced by PostgreSQL and drops the key
 * here; `maxAgeMs` bounds how long it is trusted in any case (0: the database is asked each time).
 */
export function createCurrentAnswers(bus: MessageBus, maxAgeMs: number): CurrentAnswers {
  const current: CurrentAnswers = new InstanceCache({ maxEntries: 10_000, maxAgeMs });
  bus.onCacheChange('provider_cache', (key) => (key === '*' ? current.clear() : current.delete(key)));
  return current;
}

/**
 * The fresh cached answer for `key` as the whole response body `{ data, meta }`, ready to send
 * (free, counted as a cache hit), or undefined. A report is served many times between fetches, so
 * the body is built and gzipped once per fetch and kept in memory. While this instance knows it to
 * be the current answer (`context.current`), nothing else is done; otherwise the database is asked
 * whether it is fresh and unchanged (another instance may have refreshed it), and then only a
 * timestamp comes back, and nothing is parsed, serialised or compressed.
 */
export async function preparedFromCache(context: CallContext, key: string): Promise<PreparedJson | undefined> {
  const prepared = preparedAnswersOf(context.db);
  const known = prepared.get(key);
  const usable = known?.sample === context.sample ? known : undefined;
  const now = new Date();
  const current = context.current?.get(key, now.getTime());
  if (usable && current && current.fetchedAt.getTime() === usable.fetchedAt.getTime() && current.expiresAt > now) {
    recordCacheHit(context.db, context.user.id, now);
    return usable.answer;
  }
  const ticket = context.current?.ticket();
  const row = await readCacheText(context.db, key, usable?.fetchedAt, now);
  if (!row) {
    prepared.delete(key);
    return undefined;
  }
  if (ticket !== undefined) context.current?.set(key, { fetchedAt: row.fetchedAt, expiresAt: row.expiresAt }, ticket);
  recordCacheHit(context.db, context.user.id, now);
  if (row.text === null && usable) return usable.answer;
  const meta = JSON.stringify(freeMeta(row.fetchedAt, context.sample));
  const answer = prepareJson(`{"data":${row.text},"meta":${meta}}`);
  prepared.set(key, { fetchedAt: row.fetchedAt, sample: context.sample, answer }, answer.bytes);
  return answer;
}

/**
 * Answers a provider call from the cache when it can (free), otherwise calls the provider
 * (`fetchFromProvider`).
 */
export async function callProvider<T>(
  context: CallContext,
  key: string,
  call: ProviderCall<T>,
): Promise<{ data: T; meta: CallMeta }> {
  if (!call.refresh && call.ttlMs !== null) {
    const cached = await answerFromCache<T>(context, key);
    if (cached) return cached;
  }
  return fetchFromProvider(context, key, call);
}

/**
 * Calls the provider once for everyone asking the same thing at the same time, books the cost
 * against the daily limits first (`book`), stores the answer and settles the real cost.
 * @throws credit_cap_reached, provider_budget_reached, not_found, rate_limited, provider_timeout, provider_error, retry_later
 */
export async function fetchFromProvider<T>(
  context: CallContext,
  key: string,
  call: ProviderCall<T>,
): Promise<{ data: T; meta: CallMeta }> {
  const { db, sample } = context;
  const shared = inFlight.get(key);
  if (shared) {
    const { data, fetchedAt } = await shared;
    return { data: data as T, meta: freeMeta(fetchedAt, sample) };
  }
  let spent = { credits: 0, rawRequests: 0 };
  const flight = (async () => {
    const reservation = await book(context, call as ProviderCall<unknown>);
    try {
      const { data: answer, cost, coalesced } = await call.fetch();
      const data = withoutErrorFlag(answer);
      // Joined another instance's identical call in this process: that caller books the cost.
      if (!coalesced) spent = cost;
      const fetchedAt = new Date();
      if (call.ttlMs !== null) {
        await writeCache(db, { key, kind: call.kind, response: data, fetchedAt, ttlMs: call.ttlMs });
      }
      return { data: data as unknown, fetchedAt };
    } catch (error) {
      // Some failures are still billed (a Raw 404 uses a raw request); the client knows which.
      if (error instanceof ProviderError) spent = error.cost;
      throw toAppError(error, context.logger);
    } finally {
      await settleCredits(db, reservation, spent);
    }
  })();
  inFlight.set(key, flight);
  try {
    const { data, fetchedAt } = await flight;
    return {
      data: data as T,
      meta: {
        cached: false,
        fetchedAt: fetchedAt.toISOString(),
        credits: spent.credits,
        rawRequests: spent.rawRequests,
        sample,
      },
    };
  } finally {
    inFlight.delete(key);
  }
}

/** The provider marks successes with `error: false`; our envelope says success by its status. */
function withoutErrorFlag(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !('error' in data)) return data;
  const { error: _flag, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** Turns a provider failure into the API's error envelope; never leaks the provider's body. */
export function toAppError(error: unknown, logger: Logger): unknown {
  if (error instanceof AppError || !(error instanceof ProviderError)) return error;
  if (error instanceof ProviderValidationError) {
    // Refused by the client before anything was sent: the request itself is invalid.
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const path = issue.path || '$';
      fields[path] = [...(fields[path] ?? []), issue.message];
    }
    return AppError.validation(fields, error.message);
  }
  const providerCode = error.code;
  logger.warn({ providerStatus: error.status, providerCode, errorName: error.name }, 'provider call failed');
  if (providerCode === 'retry_later') {
    return new AppError('retry_later', 'The provider is preparing this data; try again in a few minutes');
  }
  if (
    error instanceof ProviderNotFoundError ||
    providerCode === 'private_account' ||
    providerCode === 'empty_audience'
  ) {
    const what = providerCode === 'private_account' ? 'The account is private' : 'No such account at the provider';
    return new AppError('not_found', what, { cause: error });
  }
  if (error instanceof ProviderRateLimitError) {
    return new AppError('rate_limited', 'The data provider is busy; try again shortly', {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 5))) },
      cause: error,
    });
  }
  if (error instanceof ProviderTimeoutError) {
    return new AppError('provider_timeout', 'The data provider did not answer in time', { cause: error });
  }
  if (error.status === 400) {
    return new AppError('bad_request', `The data provider refused the request (${providerCode ?? 'bad request'})`, {
      cause: error,
    });
  }
  return new AppError('provider_error', 'The data provider failed; try again later', { cause: error });
}
