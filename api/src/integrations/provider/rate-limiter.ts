import { ProviderAbortError } from './errors.ts';
import { type Clock, realClock, realSleep, type Sleep } from './timing.ts';

export interface RateLimiterOptions {
  /** Requests allowed to start per second; starts are spaced evenly (1000 / perSecond ms apart). */
  perSecond: number;
  now?: Clock;
  sleep?: Sleep;
}

interface Waiter {
  release: () => void;
}

/**
 * A first-in first-out spacing queue that keeps calls under the provider's per-key rate limit
 * (about 2 requests per second on the Discovery endpoints) instead of letting them fail with 429.
 * Callers that cancel while queued leave the queue at once and do not hold up the others.
 */
export class RateLimiter {
  readonly intervalMs: number;
  readonly #now: Clock;
  readonly #sleep: Sleep;
  readonly #queue: Waiter[] = [];
  #nextStartAt = Number.NEGATIVE_INFINITY;
  #pumping = false;

  constructor(options: RateLimiterOptions) {
    if (!(options.perSecond > 0)) throw new RangeError('perSecond must be a positive number');
    this.intervalMs = 1000 / options.perSecond;
    this.#now = options.now ?? realClock;
    this.#sleep = options.sleep ?? realSleep;
  }

  /** Callers waiting for their turn. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Resolves when the caller may start its request.
   * @throws ProviderAbortError when `signal` fires before the turn comes (the turn is given up).
   */
  acquire(signal?: AbortSignal, request?: string): Promise<void> {
    if (signal?.aborted) return Promise.reject(new ProviderAbortError({ request }));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.#queue.indexOf(waiter);
        if (index >= 0) this.#queue.splice(index, 1);
        reject(new ProviderAbortError({ request }));
      };
      const waiter: Waiter = {
        release: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
      void this.#pump();
    });
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const wait = this.#nextStartAt - this.#now();
        if (wait > 0) {
          await this.#sleep(wait);
          continue;
        }
        const waiter = this.#queue.shift();
        this.#nextStartAt = this.#now() + this.intervalMs;
        waiter?.release();
      }
    } finally {
      this.#pumping = false;
    }
  }
}
