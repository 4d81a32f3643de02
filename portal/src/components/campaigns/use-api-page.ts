import { useCustom } from '@refinedev/core';
import type { ApiError } from '../../lib/api-fetch';

/**
 * A cached `GET` of one of the API's `{ data, total }` list routes (`nextCursor` where the route pages by cursor). While a new page or search
 * loads, the previous rows stay on screen.
 */
export function useApiPage<T>(url: string, options: { enabled?: boolean } = {}) {
  const { query } = useCustom<
    { data: T[]; total: number; totalIsEstimate?: boolean; nextCursor?: string | null },
    ApiError
  >({
    url,
    method: 'get',
    queryOptions: { enabled: options.enabled ?? true, placeholderData: (previous) => previous },
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
