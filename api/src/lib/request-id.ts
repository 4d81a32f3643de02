/** The header a request's id travels in, both ways (a proxy's id is kept, ours is sent back). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const USABLE_ID = /^[\w\-=]{1,255}$/;

/**
 * The id of a request: the caller's `X-Request-Id` when it is one we can log and echo safely (up to
 * 255 word characters, `-` and `=`, as Hono's `requestId()` accepts), else a new random UUID.
 * Random, not a counter: ids are shown in error answers and must not tell how busy an instance is.
 */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && USABLE_ID.test(header) ? header : crypto.randomUUID();
}
