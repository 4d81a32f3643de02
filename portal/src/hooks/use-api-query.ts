import { useCustom } from '@refinedev/core';
import type { ApiError } from '../lib/api-fetch';

/**
 * A cached `GET` of one of the API's `{ data }` routes through Refine's `useCustom`. Errors are
 * shown by the page (no snackbar); `refetch` after a change.
 */
export function useApiQuery<T>(url: string, options: { enabled?: boolean } = {}) {
  const { query } = useCustom<{ data: T }, ApiError>({
    url,
    method: 'get',
    queryOptions: { enabled: options.enabled ?? true },
    errorNotification: false,
  });
  return {
    data: query.data?.data.data,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}
