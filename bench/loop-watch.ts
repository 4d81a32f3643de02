// Whether a process's event loop kept up: a timer due every TICK_MS that runs more than LATE_MS late
// means JavaScript ran that long without yielding, or the process was not scheduled. Used by the
// API's preload (gc-observer.ts) and by the load generator itself (campaigns-load.ts), so a slow
// request can be put down to the side that stalled.

const TICK_MS = 10;
/** A timer this late counts as the event loop busy. */
export const LATE_MS = 30;

/**
 * Calls `onLate(due, late)` (`performance.now()` time the tick was due, ms late) whenever the loop
 * fell behind by more than LATE_MS; returns the function that stops watching. The timer is unref'd.
 */
export function watchEventLoop(onLate: (due: number, late: number) => void): () => void {
  let due = performance.now() + TICK_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - due;
    if (late > LATE_MS) onLate(due, late);
    due = now + TICK_MS;
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
