import { createRoute, z } from '@hono/zod-openapi';
import { users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { createRouter } from './lib/create-router.ts';
import { errorResponses } from './lib/openapi.ts';

const expectedDb = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const REQUEST_ID = /^[\w-]{8,}$/;

// A router built with the shared factory, so these tests exercise the real validation hook and onError.
const EchoBodySchema = z.object({
  title: z.string().min(1),
  budget: z.object({ amount: z.number().int().positive() }),
});
const echo = createRoute({
  method: 'post',
  path: '/echo',
  request: { body: { content: { 'application/json': { schema: EchoBodySchema } }, required: true } },
  responses: {
    200: { description: 'echo', content: { 'application/json': { schema: EchoBodySchema } } },
    ...errorResponses,
  },
});
const explode = createRoute({
  method: 'get',
  path: '/explode',
  responses: { 200: { description: 'never' }, ...errorResponses },
});
// Looks a user up by a raw query value no schema checked, as a cookie or header would reach the database.
const rawLookup = createRoute({
  method: 'get',
  path: '/raw-lookup',
  responses: { 200: { description: 'found or not' }, ...errorResponses },
});
const probeRoutes = createRouter()
  .openapi(echo, (c) => c.json(c.req.valid('json'), 200))
  .openapi(explode, () => {
    throw new Error('database password is hunter2 at /secret/path.ts:12');
  })
  .openapi(rawLookup, async (c) => {
    const rows = await c.var.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, c.req.query('id') ?? ''));
    return c.json({ found: rows.length }, 200);
  });

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.app.route('/api/probe', probeRoutes);
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it(`reports ok with the ${expectedDb} database and the version`, async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: expectedDb, version: '0.1.0' });
    expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
  });

  it('keeps a well-formed request id sent by a proxy', async () => {
    const res = await t.app.request('/api/health', { headers: { 'X-Request-Id': 'lb-1234-abcd' } });
    expect(res.headers.get('x-request-id')).toBe('lb-1234-abcd');
  });

  it('replaces a request id it cannot echo safely, and gives each request its own', async () => {
    for (const sent of ['bad id', 'a'.repeat(256), 'x\u00e5', '']) {
      const res = await t.app.request('/api/health', { headers: { 'X-Request-Id': sent } });
      expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
      expect(res.headers.get('x-request-id')).not.toBe(sent);
    }
    const kept = await t.app.request('/api/health', { headers: { 'X-Request-Id': 'a'.repeat(255) } });
    expect(kept.headers.get('x-request-id')).toBe('a'.repeat(255));
    const ids = await Promise.all(
      ['/api/health', '/api/does-not-exist', '/nowhere.css'].map(async (path) => {
        const res = await t.app.request(path);
        return res.headers.get('x-request-id');
      }),
    );
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the error envelope', () => {
  it('answers an unknown API route with not_found', async () => {
    const res = await t.app.request('/api/does-not-exist');
    const requestId = res.headers.get('x-request-id');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/does-not-exist', requestId },
    });
  });

  it('answers malformed JSON with bad_request', async () => {
    const res = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title": "x",',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Malformed JSON in request body',
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  it('answers a schema violation with validation_failed and dotted field paths', async () => {
    const res = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: '', budget: { amount: -5 } }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request json is invalid',
        fields: {
          title: ['too_short'],
          'budget.amount': ['too_small'],
        },
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  it('answers a missing body field with its path', async () => {
    const res = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'ok' }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(['budget']);
  });

  // Found by the API fuzzer: PostgreSQL text cannot hold U+0000, so such input failed with a 500.
  it('answers a NUL character in otherwise valid input with validation_failed naming the field', async () => {
    const res = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'a\u0000b', budget: { amount: 1 } }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request json is invalid',
        fields: { title: ['invalid_format'] },
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  it('answers a NUL character that reaches the database unchecked with bad_request, not a 500', async () => {
    const res = await t.app.request('/api/probe/raw-lookup?id=a%00b');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Text must not contain NUL characters',
        requestId: res.headers.get('x-request-id'),
      },
    });
    expect(await (await t.app.request('/api/probe/raw-lookup?id=nobody')).json()).toEqual({ found: 0 });
  });

  it('hides an unexpected error behind a generic 500 without a stack or its message', async () => {
    const res = await t.app.request('/api/probe/explode');
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side',
        requestId: res.headers.get('x-request-id'),
      },
    });
    expect(text).not.toMatch(/hunter2|secret|\.ts:|at /);
  });

  it('rejects a body over 1 MiB with payload_too_large', async () => {
    const res = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 1), budget: { amount: 1 } }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('refuses a cross-site form post (CSRF) with forbidden', async () => {
    const res = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'title=x',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Cross-site request refused (CSRF check)',
        requestId: res.headers.get('x-request-id'),
      },
    });
  });
});

describe('API reference', () => {
  it('lists every route in /api/openapi.json', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: object; components: { schemas: object } };
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/probe/echo']));
    expect(doc.components.schemas).toHaveProperty('ErrorResponse');
  });

  it('serves the interactive reference with its script from this origin', async () => {
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/scalar.js');
    expect(html).not.toMatch(/cdn\.jsdelivr|unpkg/);
    const script = await t.app.request('/api/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});
