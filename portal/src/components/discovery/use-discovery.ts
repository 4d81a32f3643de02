import { useCustom } from '@refinedev/core';
import { createContext, use, useEffect } from 'react';
import { useLocale } from '../../hooks/use-locale';
import type { Translate } from '../../hooks/use-t';
import { type ApiError, isApiError } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { once, perLocale } from '../../lib/once';
import { FIRST_DATA_FRESH_MS, useFirstData } from '../../providers/first-data';
import { isMessageKey, type Locale } from '../../providers/i18n-provider';
import { type Format, formatOf } from '../campaigns/use-format';
import type { DiscoveryStatus, Meta, Proxied } from './types';

// Provider calls cost credits and are rate limited: never retried by themselves, and kept for a
// while so back/forward and a second visit show the same answer without asking again.
const QUERY_OPTIONS = { retry: false, staleTime: 5 * 60_000, placeholderData: undefined } as const;

export interface DiscoveryQuery<T> {
  data: T | undefined;
  meta: Meta | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: ApiError | null;
  refetch: () => Promise<unknown>;
}

export interface DiscoveryQueryOptions {
  body?: unknown;
  enabled?: boolean;
  keepPrevious?: boolean;
}

/**
 * A cached call of one of the discovery API's `{ data, meta }` routes: a `GET`, or a `POST` with
 * `body` (search), keyed by the body so each search is its own cache entry.
 */
export function useDiscoveryQuery<T>(url: string, options: DiscoveryQueryOptions = {}): DiscoveryQuery<T> {
  const { query } = useCustom<Proxied<T>, ApiError>({
    url,
    method: options.body === undefined ? 'get' : 'post',
    config: options.body === undefined ? {} : { payload: options.body },
    queryOptions: {
      ...QUERY_OPTIONS,
      enabled: options.enabled ?? true,
      ...(options.keepPrevious ? { placeholderData: (previous: unknown) => previous } : {}),
    } as never,
    errorNotification: false,
  });
  const body = query.data?.data;
  return {
    data: body?.data,
    meta: body?.meta,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}

/**
 * `useDiscoveryQuery` for a call that may cost credits: once a fresh (not cached) answer is in, the
 * status strip reads the spend again.
 */
export function usePaidDiscoveryQuery<T>(url: string, options?: DiscoveryQueryOptions): DiscoveryQuery<T> {
  const { refresh } = useDiscoveryStatus();
  const result = useDiscoveryQuery<T>(url, options);
  const { meta } = result;
  useEffect(() => {
    if (meta && !meta.cached) refresh();
  }, [meta, refresh]);
  return result;
}

/** The status strip's GET; src/routes/first-load.ts names it as discovery's first data. */
const STATUS_PATH = '/api/discovery/status';

/** The provider status for the header strip (`GET /api/discovery/status`, not wrapped in `data`). */
export function useStatusQuery(enabled: boolean) {
  // Rendered by the server, the page came with the status (ADR 034): no loading line, no request.
  const first = useFirstData<DiscoveryStatus>(STATUS_PATH);
  const { query } = useCustom<DiscoveryStatus, ApiError>({
    url: STATUS_PATH,
    method: 'get',
    queryOptions: {
      enabled,
      retry: false,
      ...(first.data ? { initialData: { data: first.data }, staleTime: FIRST_DATA_FRESH_MS } : {}),
    },
    errorNotification: false,
  });
  return { status: query.data?.data, error: query.error, refetch: query.refetch };
}

export interface StatusContextValue {
  status: DiscoveryStatus | undefined;
  /** Reads the spend again after a call that may have cost credits. */
  refresh: () => void;
}

export const StatusContext = createContext<StatusContextValue>({ status: undefined, refresh: () => {} });

/** The discovery status the layout loaded, and a way to refresh it after a paid call. */
export function useDiscoveryStatus(): StatusContextValue {
  return use(StatusContext);
}

/** Admins: "all users today: 12 of 300 credits, 40 of 1 000 raw requests", or null for brands. */
export function budgetText(t: Translate, format: DiscoveryFormat, status: DiscoveryStatus | undefined): string | null {
  if (!status?.budget) return null;
  const { spent, limit } = status.budget;
  return t('discovery.status.budget', {
    credits: format.credits(spent.credits),
    creditLimit: format.credits(limit.credits),
    raw: format.number(spent.rawRequests),
    rawLimit: format.number(limit.rawRequests),
  });
}

/** Provider failures that have their own, more helpful, texts on the discovery screens. */
const PROVIDER_CODES = ['not_found', 'rate_limited'] as const;

/**
 * A failed discovery call whose text key is the provider-specific one for codes whose generic text
 * would mislead here ("not found" is a profile, "too many attempts" is the provider's limit); other
 * failures as they are. Throw this to components that show `errorText` themselves (ConfirmDialog).
 */
export function withDiscoveryText(error: unknown): unknown {
  if (isApiError(error) && (PROVIDER_CODES as readonly string[]).includes(error.code)) {
    const key = `discovery.errors.${error.code}`;
    if (isMessageKey(key)) return { ...error, message: key };
  }
  return error;
}

/** Text for a failed discovery call (see `withDiscoveryText`), otherwise the portal's `errors.<code>` text. */
export function discoveryErrorText(t: Translate, error: unknown): string {
  return errorText(t, withDiscoveryText(error));
}

export interface DiscoveryFormat extends Format {
  /** A fraction as a percentage with up to one decimal (0.0329 → 3,3 %). */
  rate: (share: number) => string;
  /** Credits with up to two decimals. */
  credits: (value: number) => string;
  /** 48 200 → 48,2 tn (sv) / 48.2K (en). */
  compact: (value: number) => string;
  /** `2025-10` → okt. 2025. */
  month: (yearMonth: string) => string;
  /** The language's name in the user's language (`sv` → svenska), or the fallback. */
  language: (code: string, fallback?: string) => string;
}

/** The portal's formatters plus the few the discovery screens need. */
export function useDiscoveryFormat(): DiscoveryFormat {
  return discoveryFormat(useLocale());
}

/**
 * A language's formatters, made once: every filter field of the search made its own fifteen `Intl`
 * objects as it first rendered, tens of milliseconds of the page's hydration (ADR 034, fifth step).
 */
const discoveryFormat = perLocale((locale: Locale): DiscoveryFormat => {
  const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
  const rate = once(() => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }));
  const credits = once(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));
  const compact = once(() => new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 }));
  const month = once(() => new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' }));
  const languages = once(() => new Intl.DisplayNames([tag], { type: 'language' }));
  return {
    ...formatOf(locale),
    rate: (share) => rate().format(share),
    credits: (value) => credits().format(value),
    compact: (value) => compact().format(value),
    month: (yearMonth) => {
      const date = new Date(`${yearMonth}-01T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? yearMonth : month().format(date);
    },
    language: (code, fallback) => {
      try {
        return languages().of(code) ?? fallback ?? code;
      } catch {
        return fallback ?? code;
      }
    },
  };
});
