import { ProviderAbortError } from './errors.ts';

export type Sleep = (ms: number) => Promise<void>;
export type Clock = () => number;

/** Real time: the defaults outside tests. */
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const realClock: Clock = () => Date.now();

/**
 * Waits `ms` with `sleep` but gives up as soon as `signal` fires, so a caller who cancels is not
 * held back by a backoff delay.
 * @throws ProviderAbortError when the signal fires first.
 */
export async function abortableSleep(sleep: Sleep, ms: number, signal: AbortSignal, request?: string): Promise<void> {
  if (signal.aborted) throw new ProviderAbortError({ request });
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ProviderAbortError({ request }));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(ms), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
