import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many distinct request lines (method and path) keep their match; the oldest goes first. */
export const MEMO_ROUTER_ENTRIES = 2000;

/**
 * Hono's default router (RegExpRouter, else TrieRouter), remembering the match of each of the last
 * `limit` distinct method-and-path pairs (ADR 035, "Routing remembered").
 *
 * The spec's paths mix a literal and a parameter at one level (`/payments/webhook` beside
 * `/payments/{id}/card`), which RegExpRouter refuses, so the API runs on the trie router: every
 * request walked the tree of ~300 routes and their middleware, about 6 KB of garbage and a fifth of a
 * cached answer's CPU (issue 21). A match depends on nothing but the method and the path, and Hono
 * only reads it, so the same request line gets the same result object. A path seen once (an id in it,
 * a probe) takes one slot until `limit` newer ones push it out: the memory is bounded whatever the
 * traffic, and a miss costs what every request cost before.
 */
export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #router: Router<T>;
  readonly #limit: number;
  readonly #memo = new Map<string, Result<T>>();

  constructor(
    router: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] }),
    limit = MEMO_ROUTER_ENTRIES,
  ) {
    this.#router = router;
    this.#limit = limit;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#memo.get(key);
    if (result === undefined) {
      result = this.#router.match(method, path);
      if (this.#memo.size >= this.#limit) this.#memo.delete(this.#memo.keys().next().value as string);
      this.#memo.set(key, result);
    }
    return result;
  }

  /** How many request lines are remembered (for tests). */
  get size(): number {
    return this.#memo.size;
  }
}
