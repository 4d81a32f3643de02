import type { Home } from '@kollab/contract/api/home';
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../lib/api-fetch';
import { useFirstData } from '../providers/first-data';

interface HomeState {
  data: Home | undefined;
  /** The failure (an `ApiError` from `apiFetch`), shown through `errorText`. */
  error: unknown;
  isLoading: boolean;
}

/**
 * `GET /api/home` for the start page. Not `useApiQuery`: that is Refine's `useCustom`, and the
 * home renders without Refine (ADR 034), so this is the portal's one client (`apiFetch`) in a
 * small state hook. It reads again when the tab comes back into view, so a home left open all
 * day shows what changed meanwhile.
 */
export function useHome(): HomeState & { reload: () => void } {
  // Rendered by the server, the page came with the answer: the first render shows it (ADR 034).
  const first = useFirstData<{ data: Home }>('/api/home');
  const [state, setState] = useState<HomeState>(() =>
    first.data
      ? { data: first.data.data, error: undefined, isLoading: false }
      : { data: undefined, error: undefined, isLoading: true },
  );
  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const { data } = await apiFetch<{ data: Home }>('/api/home', signal ? { signal } : {});
      if (!signal?.aborted) setState({ data, error: undefined, isLoading: false });
    } catch (error) {
      if (!signal?.aborted) setState((previous) => ({ ...previous, error, isLoading: false }));
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `first` is the mount's, read once.
  useEffect(() => {
    const controller = new AbortController();
    if (!first.taken()) void load(controller.signal);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load(controller.signal);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);
  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, isLoading: true }));
    void load();
  }, [load]);
  return { ...state, reload };
}
