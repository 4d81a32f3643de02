import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './operations.ts';
import { applyMutations, mutation, type ValuePool, validValue } from './schema-values.ts';
import {
  HUGE_ASCII,
  headerSafe,
  nastyString,
  nastyValue,
  OVERSIZED,
  toJsonText,
  trickyString,
  unicodeString,
} from './values.ts';

/** Who sends the request: the seeded users, nobody, or a broken or stale session cookie. */
export type Role = 'anonymous' | 'creator' | 'brand' | 'admin' | 'bad-cookie';
export const ROLES: readonly Role[] = ['anonymous', 'creator', 'brand', 'admin', 'bad-cookie'];

/** How the Cookie header is made; sessions are looked up when the request is sent (they get renewed). */
export type CookieChoice =
  | { kind: 'none' }
  | { kind: 'csrf-only' }
  | { kind: 'session'; csrf: boolean; extra?: string }
  | { kind: 'literal'; value: string }
  | { kind: 'expired' }
  | { kind: 'suspended' };

export type FormPart =
  | { name: string; value: string }
  | { name: string; bytes: Uint8Array; type: string; file: string };

export type BodySpec =
  | { kind: 'text'; text: string; contentType: string | undefined }
  | { kind: 'form-data'; parts: FormPart[] };

export interface FuzzRequest {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  headers: Record<string, string>;
  cookie: CookieChoice;
  body: BodySpec | undefined;
  /** What kind of input this is, for the report (e.g. `json:mutated`). */
  variant: string;
}

/** Sample files for upload routes, made once by the test (sharp). */
export interface SampleFiles {
  png: Uint8Array;
  jpeg: Uint8Array;
}

const LOCAL_ORIGIN = 'http://localhost:3000';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Percent-encodes every UTF-16 code unit, lone surrogates too (as the WTF-8 bytes a broken client
 * would send, which are invalid UTF-8): `encodeURIComponent` throws on them.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Path segments sent verbatim: traversal, malformed escapes, overlong UTF-8, empty, very long. */
const RAW_SEGMENTS = [
  '..',
  '.',
  '..%2F..%2Fhealth',
  '%2e%2e',
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%252F',
  'a%2Fb',
  '',
  '%20',
  ';',
  '*',
  '~',
  'x'.repeat(5_000),
  '1',
  '-1',
  '0',
  '99999999999999999999',
];

function pathSegment(parameter: Parameter, pool: ValuePool): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...pool.ids).map(percentEncode), weight: 6 },
    { arbitrary: validValue(parameter.schema, pool, parameter.name).map((v) => percentEncode(String(v))), weight: 3 },
    { arbitrary: nastyString.map((value) => percentEncode(value.slice(0, 3_000))), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 2 },
  );
}

const nastyQueryValue = fc.oneof(
  trickyString,
  unicodeString,
  fc.constantFrom('', '-1', '0', '1e308', 'NaN', 'Infinity', '99999999999999999999', '1.5', '2147483648', ' 1'),
  fc.constant(HUGE_ASCII.slice(0, 20_000)),
);

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : toJsonText(value);
}

/** A path segment that passes the route's schema: an enum value, a related row's id, or a valid string. */
function validSegment(parameter: Parameter, pool: ValuePool): fc.Arbitrary<string> {
  if (parameter.schema.enum?.length) return fc.constantFrom(...parameter.schema.enum.map(String));
  const choices: fc.WeightedArbitrary<string>[] = [
    {
      arbitrary: validValue(parameter.schema, pool, parameter.name).map((value) => percentEncode(String(value))),
      weight: 1,
    },
  ];
  if (/id$/i.test(parameter.name)) choices.push({ arbitrary: fc.constantFrom(...pool.ids), weight: 3 });
  if (parameter.schema.example !== undefined) {
    choices.push({ arbitrary: fc.constant(percentEncode(String(parameter.schema.example))), weight: 2 });
  }
  return fc.oneof(...choices);
}

/** Schema-valid values for the body, plus the hand-written ones that also pass the business rules. */
function validBodyValue(operation: Operation, schema: JsonSchema, pool: ValuePool): fc.Arbitrary<unknown> {
  const generated = validValue(schema, pool);
  const known = pool.known[operation.id] ?? [];
  return known.length > 0 ? fc.oneof(generated, fc.constantFrom(...known)) : generated;
}

/** A query string whose every parameter is absent or valid, so the request reaches the handler. */
function validQueryString(parameters: Parameter[], pool: ValuePool): fc.Arbitrary<string> {
  return fc
    .tuple(
      ...parameters.map((parameter) =>
        fc.oneof(
          { arbitrary: fc.constant(undefined), weight: parameter.required ? 0 : 2 },
          { arbitrary: validValue(parameter.schema, pool, parameter.name).map(stringify), weight: 3 },
        ),
      ),
    )
    .map((values) => {
      const parts = parameters.flatMap((parameter, index) => {
        const value = values[index];
        return value === undefined ? [] : [`${percentEncode(parameter.name)}=${percentEncode(value)}`];
      });
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

/** `name=value` pairs for one query parameter: absent, valid, hostile, or repeated. */
function queryPairs(parameter: Parameter, pool: ValuePool): fc.Arbitrary<[string, string][]> {
  const valid = validValue(parameter.schema, pool, parameter.name).map(stringify);
  return fc.oneof(
    { arbitrary: fc.constant<[string, string][]>([]), weight: parameter.required ? 1 : 4 },
    { arbitrary: valid.map((value): [string, string][] => [[parameter.name, value]]), weight: 5 },
    { arbitrary: nastyQueryValue.map((value): [string, string][] => [[parameter.name, value]]), weight: 3 },
    {
      arbitrary: fc
        .array(fc.oneof(valid, nastyQueryValue), { minLength: 2, maxLength: 3 })
        .map((values) => values.map((value): [string, string] => [parameter.name, value])),
      weight: 1,
    },
  );
}

/** Query strings written by hand, with escapes URLSearchParams would never produce. */
const RAW_QUERY = [
  '%zz=%',
  '&&&',
  '=x',
  'a=%ED%A0%80',
  '%00=%00',
  'page',
  'x=1;y=2',
  '%2B=%2B',
  `q=${'%41'.repeat(3_000)}`,
];

function queryString(parameters: Parameter[], pool: ValuePool): fc.Arbitrary<string> {
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('debug', 'role', 'admin', '__proto__', 'userId', 'page[]'), fc.string({ maxLength: 8 })),
      nastyQueryValue,
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(
      fc.tuple(...parameters.map((parameter) => queryPairs(parameter, pool))),
      fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: extra, weight: 1 }),
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 12 },
        { arbitrary: fc.constantFrom(...RAW_QUERY), weight: 1 },
      ),
    )
    .map(([documented, extras, raw]) => {
      const pairs = [...documented.flat(), ...extras];
      const parts = pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`);
      if (raw) parts.push(raw);
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

function headerValues(parameters: Parameter[]): fc.Arbitrary<Record<string, string>> {
  if (parameters.length === 0) return fc.constant({});
  return fc
    .tuple(
      ...parameters.map(() =>
        fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 1 },
          { arbitrary: fc.uuid(), weight: 7 },
          { arbitrary: fc.constant('fuzz-reused-key'), weight: 1 },
          { arbitrary: nastyString.map((value) => headerSafe(value.slice(0, 400))), weight: 2 },
        ),
      ),
    )
    .map((values) => {
      const headers: Record<string, string> = {};
      parameters.forEach((parameter, index) => {
        const value = values[index];
        if (value !== undefined) headers[parameter.name] = value;
      });
      return headers;
    });
}

/** JSON text a parser must reject (or a lenient one might wrongly accept). */
const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  '\ufeff{}',
  '{"a":1} trailing',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\u0000',
  '"just a string"',
  '42',
  'true',
  'null',
  '[]',
];

const WRONG_CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'image/png',
  ';;;',
];

function jsonBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ body: BodySpec | undefined; variant: string }> {
  const json = (text: string, contentType: string | undefined = 'application/json') => ({
    kind: 'text' as const,
    text,
    contentType,
  });
  return fc.oneof(
    { arbitrary: valid.map((value) => ({ body: json(toJsonText(value)), variant: 'json:valid' })), weight: 16 },
    {
      arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, changes]) => ({
        body: json(toJsonText(applyMutations(value, changes))),
        variant: 'json:mutated',
      })),
      weight: 36,
    },
    {
      arbitrary: nastyValue.map((value) => ({ body: json(toJsonText(value)), variant: 'json:other-root' })),
      weight: 4,
    },
    {
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({ body: json(text), variant: 'json:malformed' })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES))
        .map(([value, type]) => ({ body: json(toJsonText(value), type), variant: 'json:wrong-content-type' })),
      weight: 4,
    },
    {
      arbitrary: fc.constantFrom(
        { body: undefined, variant: 'json:no-body' },
        { body: json('', 'application/json'), variant: 'json:empty-body' },
      ),
      weight: 4,
    },
    { arbitrary: fc.constant({ body: json(OVERSIZED), variant: 'json:oversized' }), weight: 1 },
  );
}

function formText(value: unknown): string {
  const params = new URLSearchParams();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      for (const one of Array.isArray(item) ? item : [item])
        params.append(key, stringify(one).replace(/[\ud800-\udfff]/g, '\ufffd'));
    }
  }
  return params.toString();
}

function formBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ body: BodySpec | undefined; variant: string }> {
  const form = (text: string, contentType: string | undefined = 'application/x-www-form-urlencoded') => ({
    kind: 'text' as const,
    text,
    contentType,
  });
  return fc.oneof(
    { arbitrary: valid.map((value) => ({ body: form(formText(value)), variant: 'form:valid' })), weight: 16 },
    {
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([value, changes]) => ({ body: form(formText(applyMutations(value, changes))), variant: 'form:mutated' })),
      weight: 24,
    },
    {
      arbitrary: fc
        .constantFrom('%zz=%', '&&=&', 'a', '=', `email=${HUGE_ASCII}`, 'csrfToken=%00&json=true', '%ED%A0%80=x')
        .map((text) => ({ body: form(text), variant: 'form:malformed' })),
      weight: 4,
    },
    {
      arbitrary: valid.map((value) => ({ body: form(toJsonText(value), 'application/json'), variant: 'form:as-json' })),
      weight: 3,
    },
    {
      arbitrary: valid.map((value) => ({
        body: {
          kind: 'form-data' as const,
          parts:
            value !== null && typeof value === 'object'
              ? Object.entries(value).map(([name, item]) => ({ name, value: stringify(item) }))
              : [],
        },
        variant: 'form:multipart',
      })),
      weight: 2,
    },
    { arbitrary: fc.constant({ body: undefined, variant: 'form:no-body' }), weight: 2 },
    { arbitrary: fc.constant({ body: form(OVERSIZED), variant: 'form:oversized' }), weight: 1 },
  );
}

function uploadBodies(files: SampleFiles): fc.Arbitrary<{ body: BodySpec | undefined; variant: string }> {
  const file = (bytes: Uint8Array, type: string, name = 'picture.png') => ({ name: 'file', bytes, type, file: name });
  // A PNG header that claims 100,000 × 100,000 pixels (a decompression bomb) and then stops.
  const bomb = Uint8Array.from([
    ...files.png.slice(0, 16),
    0,
    1,
    0x86,
    0xa0,
    0,
    1,
    0x86,
    0xa0,
    ...files.png.slice(24, 40),
  ]);
  const parts = fc.oneof<fc.Arbitrary<FormPart[]>[]>(
    fc.constant([file(files.png, 'image/png')]),
    fc.constant([file(files.jpeg, 'image/jpeg', 'picture.jpg')]),
    fc.constant([file(files.png, 'image/gif', 'picture.gif')]),
    fc.constant([file(files.png.slice(0, 40), 'image/png')]),
    fc.constant([file(bomb, 'image/png')]),
    fc.constant([file(new Uint8Array(0), 'image/png')]),
    fc.constant([file(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'image/svg+xml', 'x.svg')]),
    fc.uint8Array({ maxLength: 2_000 }).map((bytes) => [file(bytes, 'image/jpeg', 'random.jpg')]),
    fc
      .uint8Array({ maxLength: 2_000 })
      .map((bytes) => [file(Uint8Array.from([...files.jpeg.slice(0, 20), ...bytes]), 'image/jpeg')]),
    nastyString.map((value) => [{ name: 'file', value }]),
    fc.constant([file(files.png, 'image/png'), file(files.jpeg, 'image/jpeg')]),
    fc.constant([{ name: 'other', value: 'x' }]),
    fc.constant<FormPart[]>([]),
  );
  return fc.oneof(
    {
      arbitrary: parts.map((list) => ({
        body: { kind: 'form-data' as const, parts: list },
        variant: 'upload:multipart',
      })),
      weight: 10,
    },
    {
      arbitrary: fc
        .constantFrom(
          'multipart/form-data; boundary=xyz',
          'multipart/form-data',
          'application/json',
          'image/png',
          undefined,
        )
        .chain((type) =>
          fc
            .constantFrom(
              '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
              '{"file":"x"}',
              '--xyz--',
              '',
            )
            .map((text) => ({ body: { kind: 'text' as const, text, contentType: type }, variant: 'upload:malformed' })),
        ),
      weight: 3,
    },
    { arbitrary: fc.constant({ body: undefined, variant: 'upload:no-body' }), weight: 1 },
  );
}

/** Bodies for routes that document none: usually none, sometimes junk a handler must ignore. */
const noBody = fc.oneof(
  { arbitrary: fc.constant({ body: undefined, variant: 'none' }), weight: 8 },
  {
    arbitrary: nastyValue.map((value) => ({
      body: { kind: 'text' as const, text: toJsonText(value), contentType: 'application/json' },
      variant: 'none:json-junk',
    })),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({
      body: { kind: 'text' as const, text, contentType: 'application/json' },
      variant: 'none:malformed',
    })),
    weight: 1,
  },
);

/** A body that passes the route's schema (business rules may still refuse it). */
function validBodies(operation: Operation, pool: ValuePool, files: SampleFiles) {
  const body = operation.body;
  if (SAFE_METHODS.has(operation.method) || !body) return fc.constant({ body: undefined, variant: 'valid:none' });
  if (body.contentType === 'multipart/form-data') {
    return fc
      .constantFrom(
        { name: 'file', bytes: files.png, type: 'image/png', file: 'picture.png' },
        { name: 'file', bytes: files.jpeg, type: 'image/jpeg', file: 'picture.jpg' },
      )
      .map((part) => ({ body: { kind: 'form-data' as const, parts: [part] }, variant: 'valid:upload' }));
  }
  const form = body.contentType === 'application/x-www-form-urlencoded';
  return validBodyValue(operation, body.schema, pool).map((value) => ({
    body: {
      kind: 'text' as const,
      text: form ? formText(value) : toJsonText(value),
      contentType: body.contentType,
    },
    variant: form ? 'valid:form' : 'valid:json',
  }));
}

function bodies(operation: Operation, pool: ValuePool, files: SampleFiles) {
  if (SAFE_METHODS.has(operation.method)) return fc.constant({ body: undefined, variant: 'none' });
  const body = operation.body;
  if (!body) return noBody;
  if (body.contentType === 'multipart/form-data') return uploadBodies(files);
  const valid = validBodyValue(operation, body.schema, pool);
  if (body.contentType === 'application/x-www-form-urlencoded') return formBodies(valid);
  return jsonBodies(valid);
}

/** Cookies for bad sessions: garbage, unknown ids, expired and suspended users' sessions, huge headers. */
const badCookie: fc.Arbitrary<CookieChoice> = fc.oneof(
  fc.constantFrom<CookieChoice>(
    { kind: 'expired' },
    { kind: 'suspended' },
    { kind: 'literal', value: 'kollab_session=garbage' },
    { kind: 'literal', value: 'kollab_session=' },
    { kind: 'literal', value: 'kollab_session=a.b.c' },
    { kind: 'literal', value: 'kollab_session=.' },
    { kind: 'literal', value: `kollab_session=${'a'.repeat(64)}.${'b'.repeat(64)}` },
    { kind: 'literal', value: `kollab_session=${'a'.repeat(65)}.b` },
    { kind: 'literal', value: `kollab_session=${'x'.repeat(8_000)}` },
    { kind: 'literal', value: 'kollab_session="quoted.value"' },
    { kind: 'literal', value: 'kollab_session=%E0%A4%A' },
    { kind: 'literal', value: 'kollab_session=a%00b.c' },
    { kind: 'literal', value: '=;;=;kollab_session' },
    { kind: 'literal', value: 'kollab_session=a; kollab_session=b' },
    { kind: 'literal', value: 'a=1; '.repeat(500) },
    { kind: 'literal', value: 'kollab_csrf=%ff%fe; kollab_session=\xe5\xe4\xf6' },
  ),
  fc
    .tuple(fc.stringMatching(/^[a-z2-7]{24}$/), fc.stringMatching(/^[a-z2-7]{32}$/))
    .map(([id, secret]): CookieChoice => ({ kind: 'literal', value: `kollab_session=${id}.${secret}` })),
  nastyString.map(
    (value): CookieChoice => ({ kind: 'literal', value: `kollab_session=${headerSafe(value.slice(0, 4_000))}` }),
  ),
);

function cookies(role: Role): fc.Arbitrary<CookieChoice> {
  switch (role) {
    case 'anonymous':
      return fc.constantFrom<CookieChoice>({ kind: 'none' }, { kind: 'none' }, { kind: 'none' }, { kind: 'csrf-only' });
    case 'bad-cookie':
      return badCookie;
    default:
      return fc.oneof(
        { arbitrary: fc.constant<CookieChoice>({ kind: 'session', csrf: true }), weight: 10 },
        { arbitrary: fc.constant<CookieChoice>({ kind: 'session', csrf: false }), weight: 1 },
        {
          arbitrary: fc.constantFrom<CookieChoice>(
            { kind: 'session', csrf: true, extra: 'kollab_session=garbage' },
            { kind: 'session', csrf: true, extra: 'kollab_csrf=short' },
          ),
          weight: 1,
        },
      );
  }
}

/** `Origin` / `Sec-Fetch-Site` for mutations: mostly our own origin, sometimes a foreign or odd one. */
const origins = fc.oneof(
  { arbitrary: fc.constant<Record<string, string>>({ Origin: LOCAL_ORIGIN }), weight: 16 },
  {
    arbitrary: fc.constantFrom<Record<string, string>>(
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      {},
      { Origin: LOCAL_ORIGIN, 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://localhost:3000.evil.example' },
    ),
    weight: 3,
  },
);

/** Headers any client may send, and ones some handlers read (`Last-Event-ID` on the chat stream). */
const extraHeaders = fc.oneof(
  { arbitrary: fc.constant<Record<string, string>>({}), weight: 12 },
  {
    arbitrary: fc.oneof(
      nastyString.map((value) => ({ 'Last-Event-ID': headerSafe(value.slice(0, 200)) })),
      fc.constantFrom<Record<string, string>>(
        { 'Last-Event-ID': '99999999999999999999' },
        { 'Last-Event-ID': '-1' },
        { 'X-Forwarded-For': "1.2.3.4, ' OR 1=1" },
        { Accept: 'text/html' },
        { 'Accept-Language': 'xx;q=abc' },
        { 'If-None-Match': '*' },
        { 'X-Request-Id': 'client-chosen-id' },
        { 'Idempotency-Key': 'fuzz-reused-key' },
      ),
      fc.uuid().map((key) => ({ 'Idempotency-Key': key })),
    ),
    weight: 1,
  },
);

/**
 * Every request the fuzzer may send to `operation` as `role`. Two in five are valid in every part
 * (path, query, headers, body, cookie), so they get past validation into the handlers; the rest may
 * be hostile in any part. Ids of rows related to the role are drawn more often than others.
 */
export function requestArbitrary(
  operation: Operation,
  role: Role,
  pool: ValuePool,
  files: SampleFiles,
): fc.Arbitrary<FuzzRequest> {
  const related = pool.related[role] ?? [];
  const validPool: ValuePool = { ...pool, ids: related.length > 0 ? related : pool.ids };
  const hostilePool: ValuePool = { ...pool, ids: [...related, ...related, ...pool.ids] };
  return fc.oneof(
    { arbitrary: requests(operation, role, validPool, files, true), weight: 2 },
    { arbitrary: requests(operation, role, hostilePool, files, false), weight: 3 },
  );
}

function requests(
  operation: Operation,
  role: Role,
  pool: ValuePool,
  files: SampleFiles,
  valid: boolean,
): fc.Arbitrary<FuzzRequest> {
  const segment = valid ? validSegment : pathSegment;
  const segments = fc.tuple(...operation.pathParams.map((parameter) => segment(parameter, pool)));
  const mutating = !SAFE_METHODS.has(operation.method);
  const validCookie: fc.Arbitrary<CookieChoice> =
    role === 'anonymous'
      ? fc.constant({ kind: 'csrf-only' })
      : role === 'bad-cookie'
        ? badCookie
        : fc.constant({ kind: 'session', csrf: true });
  return fc
    .record({
      segments,
      query: valid ? validQueryString(operation.queryParams, pool) : queryString(operation.queryParams, pool),
      documentedHeaders: valid
        ? fc
            .tuple(...operation.headerParams.map(() => fc.uuid()))
            .map((keys) =>
              Object.fromEntries(operation.headerParams.map((parameter, index) => [parameter.name, keys[index] ?? ''])),
            )
        : headerValues(operation.headerParams),
      origin: !mutating ? fc.constant({}) : valid ? fc.constant({ Origin: LOCAL_ORIGIN }) : origins,
      extra: valid ? fc.constant({}) : extraHeaders,
      cookie: valid ? validCookie : cookies(role),
      content: valid ? validBodies(operation, pool, files) : bodies(operation, pool, files),
    })
    .map(({ segments: values, query, documentedHeaders, origin, extra, cookie, content }) => {
      let index = 0;
      const path = operation.pathParams.length
        ? operation.path.replace(/\{[^}]+\}/g, () => values[index++] ?? '')
        : operation.path;
      return {
        method: operation.method,
        url: `${path}${query}`,
        headers: { ...extra, ...origin, ...documentedHeaders },
        cookie,
        body: content.body,
        variant: content.variant,
      };
    });
}

/** A short, printable account of a request for failure reports (replayable by hand). */
export function describeRequest(request: FuzzRequest, cookieHeader: string | undefined): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  const lines = [`${request.method} ${cut(request.url, 300)}  [${request.variant}]`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${cut(value, 120)}`);
  if (cookieHeader) lines.push(`Cookie: ${cut(cookieHeader, 120)}`);
  if (request.body?.kind === 'text') {
    lines.push(`Content-Type: ${request.body.contentType ?? '(none)'}`, cut(JSON.stringify(request.body.text), 500));
  } else if (request.body?.kind === 'form-data') {
    const parts = request.body.parts.map((part) =>
      'bytes' in part
        ? `${part.name}=<${part.type}, ${part.bytes.length} bytes>`
        : `${part.name}=${cut(JSON.stringify(part.value), 80)}`,
    );
    lines.push(`multipart: ${parts.join(' & ')}`);
  }
  return lines.join('\n    ');
}
