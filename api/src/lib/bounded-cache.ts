/**
 * A map bounded by the bytes its values hold (and optionally by their number): when full, the least
 * recently used entries go first. `get` counts as a use.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #onEvict: ((key: string, value: V) => void) | undefined;

  /** `onEvict` hears each entry let go to make room (not those deleted or cleared by the caller). */
  constructor(maxBytes: number, maxEntries = Number.POSITIVE_INFINITY, onEvict?: (key: string, value: V) => void) {
    this.#maxBytes = maxBytes;
    this.#maxEntries = maxEntries;
    this.#onEvict = onEvict;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Most recently used: to the end of the eviction order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes;
      this.#onEvict?.(oldest, old.value);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Removes `key`; returns the value it held, if any. */
  delete(key: string): V | undefined {
    const old = this.#entries.get(key);
    if (!old) return undefined;
    this.#entries.delete(key);
    this.#bytes -= old.bytes;
    return old.value;
  }
}

/**
 * One value per owner (a database handle, say), made from the owner on first use and dropped with
 * it: a statement prepared once per database, a cache kept per database.
 */
export function perOwner<O extends object, T>(make: (owner: O) => T): (owner: O) => T {
  const values = new WeakMap<O, T>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) {
      value = make(owner);
      values.set(owner, value);
    }
    return value;
  };
}

/**
 * `make()`'s value for a key, remembered for the last `limit` keys used: for a pure answer that
 * costs more to work out than to look up (an `Accept-Encoding` choice, a report's cache key).
 */
export function lastUsed<V>(limit: number): (key: string, make: () => V) => V {
  const kept = new BoundedCache<{ value: V }>(Number.POSITIVE_INFINITY, limit);
  return (key, make) => {
    let entry = kept.get(key);
    if (!entry) {
      entry = { value: make() };
      kept.set(key, entry, 0);
    }
    return entry.value;
  };
}
