import { useCustom } from '@refinedev/core';
import type { ApiError } from '../../lib/api-fetch';
import { FIRST_DATA_FRESH_MS, useFirstData } from '../../providers/first-data';

/**
 * A cached `GET` of one of the API's `{ data, total }` list routes (`nextCursor` where the route pages by cursor). While a new page or search
 * loads, the previous rows stay on screen.
 */
export function useApiPage<T>(url: string, options: { enabled?: boolean } = {}) {
  type Page = { data: T[]; total: number; totalIsEstimate?: boolean; nextCursor?: string | null };
  // Rendered by the server, the page came with its first page: the first render shows it, no request.
  const first = useFirstData<Page>(url);
  const { query } = useCustom<Page, ApiError>({
    url,
    method: 'get',
    queryOptions: {
      enabled: options.enabled ?? true,
      placeholderData: (previous) => previous,
      ...(first.data ? { initialData: { data: first.data }, staleTime: FIRST_DATA_FRESH_MS } : {}),
    },
    errorNotification: false,
  });
  const page = query.data?.data;
  return {
    rows: page?.data,
    total: page?.total ?? 0,
    /** Past 10,000 matches the API estimates the total (ADR 036). */
    totalIsEstimate: page?.totalIsEstimate === true,
    /** The cursor of the page after this one; null while the previous page stands in for a loading one. */
    nextCursor: query.isPlaceholderData ? null : (page?.nextCursor ?? null),
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}
