import { createContext, use, useSyncExternalStore } from 'react';

/**
 * The time a text like "in 3 hours" or "expired" is measured from, the same on the server and in
 * the browser that takes its page over (ADR 034, fourth step). The server renders a page with the
 * time of its request (`RenderClock`, entry-server.tsx) and writes it on the root
 * (`data-rendered-at`, api/src/portal-html.ts); the browser hydrates with that time and moves to its
 * own clock right after, so a unit turning over in between ("in 3 minutes" → "in 2 minutes") is an
 * update, not a mismatch that makes React render the whole page again. Then the clock ticks, so a
 * countdown left open stays true.
 */
export const RenderClock = createContext<number | null>(null);

/** How often a watched clock moves. The texts go by minutes at the finest. */
export const TICK_MS = 30_000;

/** The time the page the browser holds was rendered at, or null for a page the browser rendered. */
function renderedAt(): number | null {
  if (typeof document === 'undefined') return null;
  const value = Number(document.getElementById('root')?.dataset.renderedAt);
  return Number.isFinite(value) && value > 0 ? value : null;
}

const served = renderedAt();
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The clock's reading. It only moves when a second has passed since it last did, so the reads of
 * one render agree (React checks that a store's snapshot is stable).
 */
function snapshot(): number {
  const current = Date.now();
  if (current - now >= 1000) now = current;
  return now;
}

/** Now, in milliseconds: the render's time while a server-rendered page hydrates, the clock after. */
export function useNow(): number {
  const rendering = use(RenderClock);
  return useSyncExternalStore(subscribe, snapshot, () => rendering ?? served ?? snapshot());
}
