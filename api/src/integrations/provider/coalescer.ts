import { ProviderAbortError } from './errors.ts';

/**
 * JSON with object keys sorted at every level, so two requests that differ only in key order get
 * the same coalescing key. `undefined` members are left out, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? '';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
}

/**
 * Shares one provider call between identical requests in flight: every call costs credits and
 * counts against the rate limit, so ten people opening the same report make one call. Each caller
 * keeps its own cancellation: one caller aborting rejects only that caller, and the shared call is
 * aborted only when every caller has gone.
 */
export class Coalescer {
  readonly #flights = new Map<string, Flight>();

  /** Calls in flight (distinct keys). */
  get size(): number {
    return this.#flights.size;
  }

  /**
   * Runs `task` for `key`, or joins the run already in flight for it.
   * @returns the task's value and whether it was shared with an earlier caller.
   * @throws ProviderAbortError when `signal` fires before the shared call settles.
   */
  run<T>(
    key: string,
    task: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    request?: string,
  ): Promise<{ value: T; shared: boolean }> {
    if (signal?.aborted) return Promise.reject(new ProviderAbortError({ request }));
    let flight = this.#flights.get(key);
    const shared = flight !== undefined;
    if (!flight) {
      const controller = new AbortController();
      const started: Flight = { promise: task(controller.signal), controller, callers: 0 };
      const forget = () => {
        if (this.#flights.get(key) === started) this.#flights.delete(key);
      };
      started.promise.then(forget, forget);
      this.#flights.set(key, started);
      flight = started;
    }
    const joined = flight;
    joined.callers += 1;
    return new Promise((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        reject(new ProviderAbortError({ request }));
        joined.callers -= 1;
        if (joined.callers === 0) {
          if (this.#flights.get(key) === joined) this.#flights.delete(key);
          joined.controller.abort();
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      joined.promise.then(
        (value) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          resolve({ value: value as T, shared });
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
