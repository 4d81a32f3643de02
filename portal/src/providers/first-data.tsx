import { createContext, type ReactNode, use, useEffect, useRef } from 'react';

/**
 * The page's first data, rendered into the page by the server (ADR 034, fourth step): the answers
 * to the page's first GETs, by path, in `<script type="application/json" id="kollab-data">`
 * (api/src/portal-html.ts). The page's first render takes them, so it equals the server's (no
 * loading state) and asks for nothing; each is taken once, by the render that hydrates the page.
 */
export const FIRST_DATA_ELEMENT_ID = 'kollab-data';

function readServedData(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, unknown>;
    return new Map(Object.entries(parsed));
  } catch {
    return new Map();
  }
}

/**
 * How long data the page came with counts as fresh for react-query (Refine's pages): its first
 * mount does not ask again; a later mount of the page asks as always (the entry is gone by then).
 */
export const FIRST_DATA_FRESH_MS = 30_000;

/** What the page came with; an entry leaves once the page that rendered it has mounted. */
const served = readServedData();

/** The answers of the request being rendered on the server (entry-server.tsx); none on the client. */
const ServerData = createContext<ReadonlyMap<string, unknown> | null>(null);

export function ServerDataProvider({ data, children }: { data: ReadonlyMap<string, unknown>; children: ReactNode }) {
  return <ServerData value={data}>{children}</ServerData>;
}

/** True while the page still has first data the server sent (main.tsx does not ask for it again). */
export function hasServedData(path: string): boolean {
  return served.has(path);
}

/**
 * The answer to `GET path` the page was served with, for the first render of the page that asks
 * for it, or undefined. `taken()` is true in an effect of that render: the page's load on mount
 * should be skipped then (the data is as fresh as the page). A later visit to the page finds
 * nothing and loads as before.
 */
export function useFirstData<T>(path: string): { data: T | undefined; taken: () => boolean } {
  const server = use(ServerData);
  const initial = useRef<{ path: string; data: T | undefined } | null>(null);
  if (initial.current === null) {
    initial.current = { path, data: (server ? server.get(path) : served.get(path)) as T | undefined };
  }
  const pending = useRef(initial.current.data !== undefined);
  useEffect(() => {
    if (pending.current) served.delete(path);
  }, [path]);
  // Only for the path the page first rendered (a list asking for its next page gets nothing).
  const data = initial.current.path === path ? initial.current.data : undefined;
  return {
    data,
    taken: () => {
      const was = pending.current;
      pending.current = false;
      return was;
    },
  };
}
