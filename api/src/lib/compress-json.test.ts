import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressResponse, prepareJson, sendPreparedJson } from './compress-json.ts';
import type { AppEnv } from './context.ts';
import { noneMatch } from './if-none-match.ts';
import { apiSecurityHeaders } from './response-headers.ts';

const small = { ok: true };
const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Kampanj ${i} – åäö` })) };
const largeText = JSON.stringify(large);
/** An answer over 100 KB compressed: many of the per-request 1 KB output chunks. */
const many = {
  items: Array.from({ length: 3000 }, (_, i) => ({ id: createHash('sha256').update(String(i)).digest('hex') })),
};

const ENV = { PUBLIC_URL: 'http://localhost:3000' } as AppEnv['Variables']['env'];

/** The compression as the app's response step runs it, after the handler. */
function app() {
  const compress = compressResponse();
  const hono = new Hono<AppEnv>();
  hono.use(async (c, next) => {
    c.set('env', { PUBLIC_URL: 'http://localhost:3000' } as AppEnv['Variables']['env']);
    await next();
  });
  hono.use(async (c, next) => {
    await next();
    await compress(c);
  });
  hono.get('/small', (c) => c.json(small));
  hono.get('/large', (c) => c.json(large));
  hono.get('/many', (c) => c.json(many));
  hono.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(large);
  });
  hono.get('/empty', (c) => c.body(null, 204));
  hono.get('/prepared/small', (c) => sendPreparedJson(c, prepareJson(JSON.stringify(small))));
  hono.get('/prepared/large', (c) => sendPreparedJson(c, prepareJson(largeText)));
  return hono;
}

function request(path: string, acceptEncoding?: string, method = 'GET') {
  return app().request(path, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  });
}

async function decoded(res: Response): Promise<unknown> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const text = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
  return JSON.parse(text.toString('utf8'));
}

const encodingHeaders = (res: Response) => ({
  type: res.headers.get('content-type'),
  encoding: res.headers.get('content-encoding'),
  vary: res.headers.get('vary'),
  length: res.headers.get('content-length'),
});

describe('compressJson', () => {
  it('sends answers under 1 KB as they are, with their length', async () => {
    const res = await request('/small', 'gzip');
    expect(encodingHeaders(res)).toEqual({
      type: 'application/json',
      encoding: null,
      vary: null,
      length: String(JSON.stringify(small).length),
    });
    expect(await res.json()).toEqual(small);
  });

  it.each([
    ['gzip, deflate, br', 'gzip'],
    ['deflate', 'deflate'],
    ['deflate;q=0.9, gzip;q=0.5', 'deflate'],
    ['*', 'gzip'],
    ['br', null],
    ['identity', null],
  ])('with Accept-Encoding %j a larger answer gets Content-Encoding %s', async (accept, encoding) => {
    const res = await request('/large', accept);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await decoded(res)).toEqual(large);
  });

  it('compresses answers made per request at the fastest level, prepared ones at the best', async () => {
    const perRequest = Buffer.from(await (await request('/large', 'gzip')).arrayBuffer());
    expect(perRequest.equals(gzipSync(largeText, { level: 1 }))).toBe(true);
    const prepared = Buffer.from(await (await request('/prepared/large', 'gzip')).arrayBuffer());
    expect(prepared.equals(gzipSync(largeText, { level: 9 }))).toBe(true);
  });

  it('joins an answer whose compressed bytes span many output chunks into the same gzip stream', async () => {
    const res = await request('/many', 'gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100 * 1024);
    expect(bytes.equals(gzipSync(JSON.stringify(many), { level: 1 }))).toBe(true);
    expect(await decoded(new Response(bytes, { headers: { 'content-encoding': 'gzip' } }))).toEqual(many);
  });

  it('leaves no-transform answers, HEAD and 204 alone', async () => {
    const kept = await request('/no-transform', 'gzip');
    expect(kept.headers.get('content-encoding')).toBeNull();
    expect(await kept.json()).toEqual(large);
    const empty = await request('/empty', 'gzip');
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });
});

describe('sendPreparedJson', () => {
  it.each([undefined, 'gzip', 'gzip, deflate, br', 'deflate', 'br'])(
    'with Accept-Encoding %j answers what compressJson would have',
    async (accept) => {
      for (const size of ['small', 'large']) {
        const [viaJson, prepared] = await Promise.all([
          request(`/${size}`, accept),
          request(`/prepared/${size}`, accept),
        ]);
        expect(encodingHeaders(prepared)).toEqual(encodingHeaders(viaJson));
        expect(await decoded(prepared)).toEqual(await decoded(viaJson));
      }
    },
  );

  it('gzips once, when prepared, and only answers worth compressing', () => {
    const prepared = prepareJson(largeText);
    expect(gunzipSync(prepared.gzip ?? Buffer.alloc(0)).toString('utf8')).toBe(largeText);
    expect(prepared.bytes).toBe(Buffer.byteLength(largeText) + (prepared.gzip?.byteLength ?? 0));
    const etag = `"${createHash('sha256').update('{"ok":true}').digest('base64url').slice(0, 27)}"`;
    expect(prepareJson('{"ok":true}')).toEqual({ text: '{"ok":true}', etag, bytes: 11 });
  });

  it('carries its ETag and answers 304 without a body to a browser that holds it', async () => {
    const { etag } = prepareJson(largeText);
    const first = await request('/prepared/large', 'gzip');
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe(etag);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await app().request('/prepared/large', {
        headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': header },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(Object.fromEntries(again.headers)).toEqual({
        ...Object.fromEntries(new Headers(apiSecurityHeaders({ PUBLIC_URL: 'http://localhost:3000' }))),
        etag,
        'cache-control': 'private, no-cache',
        vary: 'Accept-Encoding',
      });
    }
    const changed = await app().request('/prepared/large', { headers: { 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual(large);
  });

  it('sends one prepared answer in every variant in turn with the headers a fresh one gets', async () => {
    // The complete headers are made once per prepared answer and variant (ADR 035): none may leak
    // into another variant, and each request keeps its own request id.
    const held = prepareJson(largeText);
    let id = 0;
    const made = (prepared: () => ReturnType<typeof prepareJson>) => {
      const hono = new Hono<AppEnv>();
      hono.use(async (c, next) => {
        c.set('env', ENV);
        c.set('requestId', `request-${++id}`);
        await next();
      });
      hono.get('/', (c) => sendPreparedJson(c, prepared()));
      return hono;
    };
    const reused = made(() => held);
    const fresh = made(() => prepareJson(largeText));
    const variants = [
      { 'Accept-Encoding': 'gzip' },
      {},
      { 'Accept-Encoding': 'deflate' },
      { 'Accept-Encoding': 'gzip', 'If-None-Match': held.etag },
      { 'If-None-Match': held.etag },
      { 'Accept-Encoding': 'gzip' },
      {},
    ];
    for (const headers of variants) {
      const [again, first] = [await reused.request('/', { headers }), await fresh.request('/', { headers })];
      expect(again.status).toBe(first.status);
      const expected = Object.fromEntries(first.headers);
      expect(expected['x-request-id']).toBe(`request-${id}`);
      expect(Object.fromEntries(again.headers)).toEqual({ ...expected, 'x-request-id': `request-${id - 1}` });
      if (first.status === 304) expect([await again.text(), await first.text()]).toEqual(['', '']);
      else expect(await decoded(again)).toEqual(await decoded(first));
    }
    expect(id).toBe(2 * variants.length);
  });

  it('compares ETags weakly, as If-None-Match must', () => {
    expect(noneMatch(undefined, '"a"')).toBe(false);
    expect(noneMatch('"a"', '"a"')).toBe(true);
    expect(noneMatch('W/"a"', '"a"')).toBe(true);
    expect(noneMatch('"a"', 'W/"a"')).toBe(true);
    expect(noneMatch(' "b" ,  "a" ', '"a"')).toBe(true);
    expect(noneMatch('"b"', '"a"')).toBe(false);
    expect(noneMatch('"a', '"a"')).toBe(false);
  });
});

describe('chooseEncoding', () => {
  it('prefers gzip on a tie and honours q=0', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0.5, deflate;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
  });

  it('chooses the same for a header it has seen, past the number of choices it keeps', () => {
    const headers = Array.from({ length: 200 }, (_, i) =>
      i % 2 ? `gzip;q=0.${(i % 9) + 1}, deflate;q=0.5` : `deflate;q=0.${(i % 9) + 1}, gzip;q=0.5, br`,
    );
    const first = headers.map((header) => chooseEncoding(header));
    expect(headers.map((header) => chooseEncoding(header))).toEqual(first);
    expect(first.slice(0, 4)).toEqual(['gzip', 'deflate', 'gzip', 'deflate']);
    expect(chooseEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
  });
});
