import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listOperations, type OpenApiDocument } from './operations.ts';
import { percentEncode, requestArbitrary } from './requests.ts';
import { applyMutations, type ValuePool, validValue } from './schema-values.ts';
import { RawJson, toJsonText } from './values.ts';

const pool: ValuePool = {
  ids: ['aaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbb'],
  related: { creator: ['cccccccccccccccccccccccc'] },
  known: {},
  numericIds: [7],
  emails: ['anna@example.se'],
  csrfToken: 'fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz',
  password: 'Fuzz-passw0rd-for-kollab!',
};

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  components: {
    schemas: {
      Body: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 20 },
          slots: { type: 'integer', minimum: 1, maximum: 10 },
          kind: { type: 'string', enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
          note: { type: 'string', nullable: true },
        },
        required: ['title', 'slots'],
        additionalProperties: false,
      },
    },
  },
  paths: {
    '/api/things/{id}': {
      post: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } },
        },
      },
    },
    '/sample-provider/v1/search': { get: {} },
  },
};

describe('listOperations', () => {
  it('lists the API operations with their parameters and resolved body schema', () => {
    const operations = listOperations(doc);
    expect(operations.map((operation) => operation.id)).toEqual(['POST /api/things/{id}']);
    const [operation] = operations;
    expect(operation?.pathParams.map((p) => p.name)).toEqual(['id']);
    expect(operation?.queryParams.map((p) => p.name)).toEqual(['page']);
    expect(operation?.headerParams.map((p) => p.name)).toEqual(['Idempotency-Key']);
    expect(operation?.body?.schema.properties?.title).toEqual({ type: 'string', minLength: 1, maxLength: 20 });
    expect(operation?.answers).toEqual([]);
  });

  it('names the 4xx statuses documented with a body other than the error envelope', () => {
    const json = (ref: string) => ({
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
    });
    const [operation] = listOperations({
      openapi: '3.0.3',
      paths: {
        '/api/auth/callback/credentials': {
          post: {
            responses: {
              200: json('RedirectUrl'),
              400: json('ErrorResponse'),
              401: json('RedirectUrl'),
              429: json('ErrorResponse'),
              302: {},
            },
          },
        },
      },
    });
    expect(operation?.answers).toEqual([401]);
  });
});

describe('generators', () => {
  it('generate values that satisfy the schema', () => {
    const schema = listOperations(doc)[0]?.body?.schema ?? {};
    fc.assert(
      fc.property(validValue(schema, pool), (value) => {
        const body = value as Record<string, unknown>;
        expect(Object.keys(body).every((key) => key in (schema.properties ?? {}))).toBe(true);
        expect(typeof body.title).toBe('string');
        expect((body.title as string).length).toBeGreaterThanOrEqual(1);
        expect((body.title as string).length).toBeLessThanOrEqual(20);
        expect(body.slots).toBeGreaterThanOrEqual(1);
        expect(body.slots).toBeLessThanOrEqual(10);
        if ('kind' in body) expect(['a', 'b']).toContain(body.kind);
        if ('note' in body) expect(body.note === null || typeof body.note === 'string').toBe(true);
      }),
      { seed: 1, numRuns: 300 },
    );
  });

  it('build requests that can always be sent (header values, URLs) for every role', () => {
    const [operation] = listOperations(doc);
    if (!operation) throw new Error('no operation');
    for (const role of ['anonymous', 'creator', 'bad-cookie'] as const) {
      fc.assert(
        fc.property(
          requestArbitrary(operation, role, pool, { png: new Uint8Array(50), jpeg: new Uint8Array(50) }),
          (request) => {
            expect(request.method).toBe('POST');
            expect(request.url.startsWith('/api/things/')).toBe(true);
            expect(
              () => new Request(`http://localhost${request.url}`, { method: 'POST', headers: request.headers }),
            ).not.toThrow();
          },
        ),
        { seed: 2, numRuns: 300 },
      );
    }
  });

  it('write raw JSON pieces verbatim and keep __proto__ an ordinary key', () => {
    expect(toJsonText({ a: new RawJson('1e999'), b: ['x', undefined], c: undefined })).toBe(
      '{"a":1e999,"b":["x",null]}',
    );
    const original = { a: 1, b: { c: 2 } };
    const mutated = applyMutations(original, [
      { kind: 'extra', pick: 0, key: '__proto__', value: { role: 'admin' } },
      { kind: 'set', pick: 2, value: new RawJson('-1e999') },
      { kind: 'drop', pick: 0 },
    ]);
    expect(toJsonText(mutated)).toBe('{"b":{"c":-1e999},"__proto__":{"role":"admin"}}');
    expect(original).toEqual({ a: 1, b: { c: 2 } });
  });

  it('percent-encode lone surrogates as the invalid UTF-8 a broken client would send', () => {
    expect(percentEncode('\ud800a/é')).toBe('%ED%A0%80a%2F%C3%A9');
    expect(percentEncode('😀')).toBe('%F0%9F%98%80');
  });
});
