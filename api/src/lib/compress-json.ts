import { createHash } from 'node:crypto';
import { deflateSync, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { lastUsed } from './bounded-cache.ts';
import type { AppEnv } from './context.ts';
import { noneMatch } from './if-none-match.ts';
import { apiSecurityHeaders, isComplete, markComplete } from './response-headers.ts';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Answers made per request are compressed at zlib's fastest level (nginx's default, too): for a page
 * of 20 campaigns (15 KB of JSON) level 1 costs a quarter of the default level 6 and the result is
 * 3 % larger. Prepared answers, compressed once and sent many times, get the best level.
 *
 * Into 1 KB output chunks, not zlib's default 16 KB: a one-shot call's engine stays reachable from
 * its native handle until the next mark-compact, and with it its output chunk. A 16 KB chunk is an
 * ArrayBuffer of its own (about 3 MB/s of them at 200 answers a second), and V8 starts a
 * mark-compact for every 64 MB of ArrayBuffers since the last one; a 1 KB chunk is a slice of Node's
 * shared 8 KB pool. On the admin tables at 200 req/s that cut the API's mark-compacts from 6–8 to
 * 2–3 in 30 s (ADR 036). The output is the same bytes; an answer over 1 KB compressed is joined
 * from its chunks.
 */
const PER_REQUEST = { level: 1, chunkSize: 1024 };
const PREPARED = { level: 9 };

/**
 * The compression of a response the handler made, for every response but those sent complete (a
 * prepared answer is compressed already, or too small to gain); app.ts runs it in its one response
 * step. JSON answers are compressed in one synchronous zlib call; every other body is left to
 * Hono's `compress()`, which pipes it through a CompressionStream — for an API answer of a few
 * kilobytes that costs several times the CPU, and because `c.json()` sets no Content-Length it would
 * also compress answers below its 1 KB threshold. Same encodings, choice of encoding and Vary header.
 */
export function compressResponse(): (c: Context<AppEnv>) => Promise<void> {
  const compressBody = compress();
  const nothingNext = async () => {};
  return async (c) => {
    if (isComplete(c.res)) return;
    await compressJsonBody(c);
    await compressBody(c, nothingNext);
  };
}

/**
 * A JSON answer compressed whole; an answer that already has a Content-Length or Content-Encoding
 * is left alone (and gets a Content-Length here when it stays as it is, so `compress()` leaves it too).
 */
async function compressJsonBody(c: Context<AppEnv>): Promise<void> {
  const res = c.res;
  if (
    c.req.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    !res.headers.get('Content-Type')?.startsWith('application/json') ||
    res.headers.has('Content-Encoding') ||
    res.headers.has('Content-Length') ||
    res.headers.has('Transfer-Encoding') ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
  )
    return;
  const text = await res.text();
  const headers = new Headers(res.headers);
  let body: string | Uint8Array = text;
  const size = Buffer.byteLength(text);
  const encoding = size < COMPRESS_THRESHOLD ? undefined : chooseEncoding(c.req.header('Accept-Encoding'));
  if (size >= COMPRESS_THRESHOLD) addVaryAcceptEncoding(headers);
  if (encoding) {
    body = encoding === 'gzip' ? gzipSync(text, PER_REQUEST) : deflateSync(text, PER_REQUEST);
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
  } else {
    headers.set('Content-Length', String(size)); // tells compress() to leave it alone, too
  }
  // Unset first so Hono does not wrap the new body in a stream (which would cost the buffer's fast path).
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/** A JSON answer serialised and gzipped once, to be sent many times (e.g. a cached provider report). */
export interface PreparedJson {
  text: string;
  /** `text` gzipped; absent when it is below COMPRESS_THRESHOLD. */
  gzip?: Buffer;
  /** A strong validator of `text` (its SHA-256), for conditional requests. */
  etag: string;
  /** Bytes this holds in memory (for bounded caches of prepared answers). */
  bytes: number;
}

export function prepareJson(text: string): PreparedJson {
  const size = Buffer.byteLength(text);
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  if (size < COMPRESS_THRESHOLD) return { text, etag, bytes: size };
  const gzip = gzipSync(text, PREPARED);
  return { text, gzip, etag, bytes: size + gzip.byteLength };
}

/**
 * Sends a prepared answer as `compressResponse` would have sent it, without serialising or compressing
 * again. It carries its ETag and `Cache-Control: private, no-cache` (the browser keeps it for this
 * user and asks each time), and a browser that holds it already gets 304 without the body. `etag`
 * is the answer's own unless the caller versions it otherwise (results: by what they are made of).
 *
 * The response leaves complete (lib/response-headers.ts): its security headers and request id are
 * in one plain object, which the Node adapter hands to `writeHead` as it is. When something on the
 * way set a header of its own (a refreshed session cookie), it goes the ordinary way instead, where
 * Hono merges those headers in.
 */
export function sendPreparedJson(c: Context<AppEnv>, prepared: PreparedJson, etag = prepared.etag): Response {
  if (noneMatch(c.req.header('If-None-Match'), etag))
    return respond(c, null, 304, headersOf(c, prepared, etag, 'unchanged'));
  const encoding = prepared.gzip ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined;
  if (encoding === 'gzip' && prepared.gzip) return respond(c, prepared.gzip, 200, headersOf(c, prepared, etag, 'gzip'));
  if (encoding === 'deflate') {
    return respond(c, deflateSync(prepared.text, PER_REQUEST), 200, headersOf(c, prepared, etag, 'deflate'));
  }
  return respond(c, prepared.text, 200, headersOf(c, prepared, etag, 'identity'));
}

type Variant = 'unchanged' | 'gzip' | 'deflate' | 'identity';

/** The headers of a prepared answer's variant besides the security headers and the request id. */
function answerHeaders(prepared: PreparedJson, etag: string, variant: Variant): Record<string, string> {
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (variant !== 'unchanged') headers['Content-Type'] = 'application/json';
  if (prepared.gzip) headers.Vary = 'Accept-Encoding';
  if (variant === 'gzip' || variant === 'deflate') headers['Content-Encoding'] = variant;
  if (variant === 'identity') headers['Content-Length'] = String(Buffer.byteLength(prepared.text));
  return headers;
}

/**
 * Each variant's complete headers but the request id, made once per prepared answer and
 * configuration: a prepared answer is sent many times, and its headers are the same every time.
 */
const completeHeaders = new WeakMap<PreparedJson, { env: object; byVariant: Map<Variant, Record<string, string>> }>();

/** A variant's complete headers but the request id (not to be changed: they may be kept). */
function headersOf(c: Context<AppEnv>, prepared: PreparedJson, etag: string, variant: Variant) {
  const env = c.get('env');
  // An ETag versioned by the caller (results) differs per call: not worth keeping.
  if (etag !== prepared.etag) return { ...apiSecurityHeaders(env), ...answerHeaders(prepared, etag, variant) };
  let held = completeHeaders.get(prepared);
  if (held?.env !== env) {
    held = { env, byVariant: new Map() };
    completeHeaders.set(prepared, held);
  }
  let headers = held.byVariant.get(variant);
  if (!headers) {
    headers = { ...apiSecurityHeaders(env), ...answerHeaders(prepared, etag, variant) };
    held.byVariant.set(variant, headers);
  }
  return headers;
}

/**
 * A complete response (`headers` and the request id), or, when a header was set on the way, one
 * made by Hono, which merges those in (the app's response step then sets the security headers
 * again, to the same values).
 */
function respond(
  c: Context<AppEnv>,
  body: string | Uint8Array | null,
  status: 200 | 304,
  headers: Readonly<Record<string, string>>,
): Response {
  if (c.get('headersAdded')) {
    if (body === null) return c.body(null, 304, headers);
    return c.body(body as Uint8Array<ArrayBuffer> | string, 200, headers);
  }
  const requestId = c.get('requestId');
  return markComplete(
    new Response(body, { status, headers: requestId ? { ...headers, 'X-Request-Id': requestId } : headers }),
  );
}

function addVaryAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
}

/**
 * The choices for the last few distinct `Accept-Encoding` headers: browsers send a handful of
 * spellings, and parsing one costs more than the rest of sending a prepared answer (issue 21).
 */
const choices = lastUsed<'gzip' | 'deflate' | undefined>(64);

/** `compress()`'s choice: gzip or deflate by their q-values (a `*` counts), gzip on a tie at 1. */
export function chooseEncoding(acceptEncoding: string | undefined): 'gzip' | 'deflate' | undefined {
  if (acceptEncoding === undefined) return undefined;
  return choices(acceptEncoding, () => parseEncoding(acceptEncoding));
}

function parseEncoding(acceptEncoding: string): 'gzip' | 'deflate' | undefined {
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
