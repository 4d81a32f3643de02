import { BoundedCache } from './bounded-cache.ts';

type Entry<V> = { value: V; storedAt: number; groups: readonly string[] };

/**
 * Rows one API instance keeps in memory so that a request need not ask the database (ADR 035): the
 * session and its user, a prepared provider answer. PostgreSQL announces every committed change to
 * those rows (triggers, `kollab_cache`), and the message bus drops what is announced here, so an
 * instance holds a changed row for milliseconds, and never longer than `maxAgeMs`.
 *
 * Reading from the database and storing the result races with an announcement: a lookup that read
 * the old row may finish after the announcement dropped it, and would store the old row again. So a
 * reader takes a `ticket` before it reads, and `set` stores only when nothing was dropped since.
 */
export class InstanceCache<V> {
  /** Bounded by entries and bytes; the least recently used go first (`BoundedCache`). */
  readonly #entries: BoundedCache<Entry<V>>;
  /** Keys by group (a user's sessions, the answers showing a campaign), to drop a group at once. */
  readonly #groups = new Map<string, Set<string>>();
  readonly #maxAgeMs: number;
  #generation = 0;

  /** Bounded by entries and by the bytes their values hold (as each `set` says). */
  constructor(options: { maxEntries: number; maxAgeMs: number; maxBytes?: number }) {
    this.#entries = new BoundedCache<Entry<V>>(
      options.maxBytes ?? Number.POSITIVE_INFINITY,
      options.maxEntries,
      (key, entry) => this.#unindex(key, entry),
    );
    this.#maxAgeMs = options.maxAgeMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** False when the cache holds nothing (`maxAgeMs` 0): every read goes to the database. */
  get enabled(): boolean {
    return this.#maxAgeMs > 0;
  }

  /** Take it before reading the database; `set` stores the result only with a ticket still current. */
  ticket(): number {
    return this.#generation;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.#maxAgeMs) {
      this.#remove(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores `value` unless something was dropped since `ticket` was taken; returns whether it did.
   * `group` names what the value was made of (one group or several): dropping any of them drops it.
   */
  set(
    key: string,
    value: V,
    ticket: number,
    options: { group?: string | readonly string[]; now?: number; bytes?: number } = {},
  ): boolean {
    if (!this.enabled || ticket !== this.#generation) return false;
    this.#remove(key);
    const groups =
      options.group === undefined ? [] : typeof options.group === 'string' ? [options.group] : options.group;
    this.#entries.set(key, { value, storedAt: options.now ?? Date.now(), groups }, options.bytes ?? 0);
    for (const group of groups) {
      let keys = this.#groups.get(group);
      if (!keys) {
        keys = new Set();
        this.#groups.set(group, keys);
      }
      keys.add(key);
    }
    return true;
  }

  /** Drops one key (announced changed). */
  delete(key: string): void {
    this.#generation++;
    this.#remove(key);
  }

  /** Drops every key stored with this group (a user's sessions when the user row changed). */
  deleteGroup(group: string): void {
    this.#generation++;
    for (const key of this.#groups.get(group) ?? []) this.#remove(key);
  }

  /** Drops everything (many rows changed, or announcements may have been missed). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#groups.clear();
  }

  #remove(key: string): void {
    const entry = this.#entries.delete(key);
    if (entry) this.#unindex(key, entry);
  }

  #unindex(key: string, entry: Entry<V>): void {
    for (const group of entry.groups) {
      const keys = this.#groups.get(group);
      keys?.delete(key);
      if (keys?.size === 0) this.#groups.delete(group);
    }
  }
}
