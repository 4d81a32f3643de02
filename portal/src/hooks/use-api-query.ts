import { useCustom } from '@refinedev/core';
import type { ApiError } from '../lib/api-fetch';
import { FIRST_DATA_FRESH_MS, useFirstData } from '../providers/first-data';

/**
 * A cached `GET` of one of the API's `{ data }` routes through Refine's `useCustom`. Errors are
 * shown by the page (no snackbar); `refetch` after a change. `refetchInterval` (ms, or a function
 * of the current data returning ms or false) polls while something is still being worked on.
 */
export function useApiQuery<T>(
  url: string,
  options: { enabled?: boolean; refetchInterval?: number | false | ((data: T | undefined) => number | false) } = {},
) {
  const { refetchInterval } = options;
  // Rendered by the server, the page came with the answer: the first render shows it, no request.
  const first = useFirstData<{ data: T }>(url);
  const { query } = useCustom<{ data: T }, ApiError>({
    url,
    method: 'get',
    queryOptions: {
      enabled: options.enabled ?? true,
      ...(first.data ? { initialData: { data: first.data }, staleTime: FIRST_DATA_FRESH_MS } : {}),
      ...(refetchInterval === undefined
        ? {}
        : {
            refetchInterval:
              typeof refetchInterval === 'function'
                ? (current) => refetchInterval(current.state.data?.data.data)
                : refetchInterval,
          }),
    },
    errorNotification: false,
  });
  return {
    data: query.data?.data.data,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}
