import type { Clock, Sleep } from './timing.ts';

/** Test helper: a clock that moves only when something sleeps, so waits of seconds take no time. */
export interface FakeTime {
  now: Clock;
  sleep: Sleep;
  /** Every wait asked for, in order, in ms. */
  sleeps: number[];
}

/** A fake clock starting at `startMs` whose `sleep` resolves on the next turn after moving the clock forward. */
export function createFakeTime(startMs = Date.parse('2026-01-01T00:00:00Z')): FakeTime {
  let current = startMs;
  const sleeps: number[] = [];
  return {
    now: () => current,
    sleep: async (ms) => {
      sleeps.push(ms);
      const until = current + ms;
      // Let everything already released run first (e.g. a request leaving the rate limiter),
      // as it would during a real wait, before the clock moves. Concurrent sleepers share time.
      await new Promise((resolve) => setImmediate(resolve));
      current = Math.max(current, until);
    },
    sleeps,
  };
}

/** Test helper: a clock whose sleeps stay pending until the test releases them. */
export interface ManualTime {
  now: Clock;
  sleep: Sleep;
  /** Sleeps not released yet. */
  readonly pending: number;
  /** Moves the clock past every pending sleep and resolves them. */
  releaseAll(): void;
}

export function createManualTime(startMs = Date.parse('2026-01-01T00:00:00Z')): ManualTime {
  let current = startMs;
  const waiting: { until: number; resolve: () => void }[] = [];
  return {
    now: () => current,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        waiting.push({ until: current + ms, resolve });
      }),
    get pending() {
      return waiting.length;
    },
    releaseAll() {
      for (const sleeper of waiting.splice(0)) {
        current = Math.max(current, sleeper.until);
        sleeper.resolve();
      }
    },
  };
}
