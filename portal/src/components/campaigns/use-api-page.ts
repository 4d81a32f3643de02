import { useCustom } from '@refinedev/core';
import type { ApiError } from '../../lib/api-fetch';

/**
 * A cached `GET` of one of the API's `{ data, total }` list routes. While a new page or search
 * loads, the previous rows stay on screen.
 */
export function useApiPage<T>(url: string, options: { enabled?: boolean } = {}) {
  const { query } = useCustom<{ data: T[]; total: number }, ApiError>({
    url,
    method: 'get',
    queryOptions: { enabled: options.enabled ?? true, placeholderData: (previous) => previous },
    errorNotification: false,
  });
  const page = query.data?.data;
  return {
    rows: page?.data,
    total: page?.total ?? 0,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}
