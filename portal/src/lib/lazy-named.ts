import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page as its own chunk: `lazy()` for a named export without props. */
export function lazyNamed<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
