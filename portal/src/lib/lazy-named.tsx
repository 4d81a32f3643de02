import { type ComponentType, createContext, type JSX, use } from 'react';

/**
 * A part of the app in a chunk of its own, loaded when it first renders, like React's `lazy()`,
 * and also by name before the page hydrates (ADR 034, fourth step). A page rendered on the server
 * names the parts it rendered (`data-parts` on the root, from `RenderedParts`); main.tsx loads
 * them (`loadParts`) before `hydrateRoot`, so the whole page hydrates in one pass. With `lazy()`
 * a part whose code is not in yet stays server markup for a while, and React drops a click on it
 * (a form's submit button would then send the browser's own form submission).
 */
interface Part {
  load: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/** The loaders by name: two modules may load the same export lazily (each keeps its own). */
const parts = new Map<string, Part[]>();

/** The parts a server render used, collected by entry-server.tsx; none in the browser. */
export const RenderedParts = createContext<Set<string> | null>(null);

/** Records that the render used part `name` (a no-op in the browser). */
export function useRenderedPart(name: string): void {
  if (name) use(RenderedParts)?.add(name);
}

/** Registers a part's loader under `name`, for `loadParts`. */
export function registerPart(name: string, part: Part): void {
  parts.set(name, [...(parts.get(name) ?? []), part]);
}

/**
 * Loads the named parts. A part's loader is known once the chunk that defines it has run, so
 * this goes round until nothing more can be loaded; names it never learns are left alone.
 */
export async function loadParts(names: readonly string[]): Promise<void> {
  const waiting = new Set(names);
  for (;;) {
    const known = [...waiting].filter((name) => parts.has(name));
    if (known.length === 0) return;
    for (const name of known) waiting.delete(name);
    const loads = known.flatMap((name) => parts.get(name) ?? []).filter((part) => !part.isLoaded());
    await Promise.all(loads.map((part) => part.load()));
  }
}

/** The props of a component type. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A component as its own chunk: the export `name` of the module `load` imports. It suspends while
 * the chunk loads (a `<Suspense>` above shows the fallback) and renders at once once loaded.
 */
export function lazyNamed<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): (props: PropsOf<M[K]>) => JSX.Element {
  let Loaded: ComponentType<object> | null = null;
  let loading: Promise<ComponentType<object>> | null = null;
  const start = (): Promise<ComponentType<object>> => {
    loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType<object>;
        return Loaded;
      },
      (error: unknown) => {
        // A failed chunk is asked for again by the next render that needs it.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  registerPart(name, { load: start, isLoaded: () => Loaded !== null });
  function LazyPart(props: object) {
    useRenderedPart(name);
    const Component = Loaded ?? use(start());
    return <Component {...props} />;
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart as (props: PropsOf<M[K]>) => JSX.Element;
}
