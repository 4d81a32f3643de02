import { useEffect, useState } from 'react';

export type OneTimeState<T> =
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/** Requests already sent in this page, so a remount (StrictMode, back and forth) never re-spends a token. */
const sent = new Map<string, Promise<unknown>>();

/**
 * Runs `request` once per `key` for the life of the page: for links whose token works only once
 * (verify e-mail, confirm an e-mail change).
 */
export function useOneTimeRequest<T>(key: string, request: () => Promise<T>): OneTimeState<T> {
  const [state, setState] = useState<OneTimeState<T>>({ status: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is identified by `key` alone.
  useEffect(() => {
    let isActive = true;
    let promise = sent.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = request();
      sent.set(key, promise);
    }
    promise.then(
      (data) => isActive && setState({ status: 'success', data }),
      (error: unknown) => isActive && setState({ status: 'error', error }),
    );
    return () => {
      isActive = false;
    };
  }, [key]);
  return state;
}
