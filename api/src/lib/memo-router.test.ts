import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MemoRouter } from './memo-router.ts';

/** The spec's shape that keeps the API off RegExpRouter: a literal and a parameter at one level. */
function app(router = new MemoRouter<never>()) {
  const hono = new Hono({ router: router as never });
  hono.use('/api/*', async (c, next) => {
    await next();
    c.header('X-Api', '1');
  });
  hono.post('/api/payments/webhook', (c) => c.json({ route: 'webhook' }));
  hono.post('/api/payments/:id/card', (c) => c.json({ route: 'card', id: c.req.param('id') }));
  hono.get('/api/items/:id', (c) => c.json({ route: 'item', id: c.req.param('id'), q: c.req.query('q') ?? null }));
  return { hono, router };
}

async function call(hono: Hono, method: string, path: string) {
  const res = await hono.request(path, { method });
  const body = res.status === 404 ? null : ((await res.json()) as Record<string, string | null>);
  return { status: res.status, api: res.headers.get('X-Api'), body };
}

describe('MemoRouter', () => {
  it('routes as Hono’s own router does, the second time from memory', async () => {
    const { hono, router } = app();
    for (let round = 0; round < 2; round++) {
      expect(await call(hono, 'POST', '/api/payments/webhook')).toEqual({
        status: 200,
        api: '1',
        body: { route: 'webhook' },
      });
      expect(await call(hono, 'POST', '/api/payments/pi_1/card')).toEqual({
        status: 200,
        api: '1',
        body: { route: 'card', id: 'pi_1' },
      });
      // Same path, another query: the match is the path's, the query is read per request.
      expect(await call(hono, 'GET', `/api/items/a%20b?q=${round}`)).toEqual({
        status: 200,
        api: '1',
        body: { route: 'item', id: 'a b', q: String(round) },
      });
      expect(await call(hono, 'GET', '/api/payments/webhook')).toEqual({ status: 404, api: '1', body: null });
    }
    expect(router.size).toBe(4);
  });

  it('gives each path its own parameters', async () => {
    const { hono } = app();
    const ids = ['1', '2', '1', 'ö', '2'];
    const answers = await Promise.all(ids.map((id) => call(hono, 'GET', `/api/items/${encodeURIComponent(id)}`)));
    expect(answers.map((answer) => answer.body?.id)).toEqual(ids);
  });

  it('returns the same match for the same method and path, and a new one for another method', () => {
    const router = new MemoRouter<string>(new TrieRouter());
    router.add('GET', '/a/:id', 'get');
    router.add('POST', '/a/:id', 'post');
    const first = router.match('GET', '/a/1');
    expect(router.match('GET', '/a/1')).toBe(first);
    expect(first[0].map(([handler, params]) => [handler, { ...params }])).toEqual([['get', { id: '1' }]]);
    expect(router.match('POST', '/a/1')[0].map(([handler]) => handler)).toEqual(['post']);
  });

  it('keeps at most its limit of request lines, dropping the oldest', () => {
    const router = new MemoRouter<string>(new TrieRouter(), 3);
    router.add('GET', '/a/:id', 'get');
    const one = router.match('GET', '/a/1');
    for (const id of ['2', '3', '4']) router.match('GET', `/a/${id}`);
    expect(router.size).toBe(3);
    // '/a/1' was pushed out: matched again, into a new result equal to the old one.
    const again = router.match('GET', '/a/1');
    expect(again).not.toBe(one);
    expect(again[0].map(([handler, params]) => [handler, { ...params }])).toEqual([['get', { id: '1' }]]);
    expect(router.size).toBe(3);
  });

  it('forgets what it matched when a route is added', () => {
    const router = new MemoRouter<string>(new TrieRouter());
    router.add('GET', '/a/:id', 'param');
    expect(router.match('GET', '/a/me')[0].map(([handler]) => handler)).toEqual(['param']);
    router.add('GET', '/a/me', 'literal');
    expect(router.size).toBe(0);
    expect(router.match('GET', '/a/me')[0].map(([handler]) => handler)).toEqual(['param', 'literal']);
  });
});
