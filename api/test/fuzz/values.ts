import fc from 'fast-check';

/**
 * A piece of JSON text inserted verbatim by `toJsonText`: values JavaScript cannot hold but a client
 * can send (`1e999`, a 400-digit integer, nesting thousands of levels deep).
 */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Serialises like `JSON.stringify`, except that `RawJson` values are written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toJsonText(item)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const DEEP = 5_000;
/** Big inputs are built once: generating them per run would dominate the fuzzer's time. */
export const HUGE_ASCII = 'a'.repeat(100_000);
const HUGE_UNICODE = 'å€😀'.repeat(25_000);
const HUGE_WORDS = 'lorem ipsum '.repeat(9_000);
/** Over the API's 1 MiB body limit. */
export const OVERSIZED = `{"x":"${'b'.repeat(1_100_000)}"}`;

export const hugeString = fc.constantFrom(HUGE_ASCII, HUGE_UNICODE, HUGE_WORDS);

/** Strings that break naive code: NUL, lone surrogates, zero-width and bidi controls, combining marks, BOMs. */
export const unicodeString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    'x\ud83d',
    '\udc00\ud800',
    '\u200b',
    '\u200b\u200c\u200d\u2060',
    '\u202eevil\u202c',
    '\u200f\u05e9\u05dc\u05d5\u05dd',
    'مرحبا',
    '\ufeff',
    '\ufffe\uffff',
    'e\u0301\u0301\u0301\u0301',
    'Z̵̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌',
    '👩‍👩‍👧‍👦👍🏽🏳️‍🌈',
    '𝕳𝖊𝖑𝖑𝖔',
    'ÅÄÖåäö',
    'İıſ',
    '\r\n',
    '\t\v\f',
    '\u0085\u2028\u2029',
    '\u001b[31m',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Strings that look like code, numbers, dates or paths; none may make the API fail. */
export const trickyString = fc.constantFrom(
  '',
  ' ',
  '   \t ',
  "' OR '1'='1",
  '"; drop table users; --',
  '%00',
  '%s%s%s%n',
  '\u0024{7*7}{{7*7}}',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '0x1f',
  '2024-02-30T00:00:00Z',
  '2024-13-45T25:61:61Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  'http://',
  'javascript:alert(1)',
  'https://www.instagram.com/reel/',
  'mailto:a@b',
  'a@b',
  '@',
  'anna@example.se\u0000',
);

export const nastyString = fc.oneof(
  { arbitrary: trickyString, weight: 4 },
  { arbitrary: unicodeString, weight: 4 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
);

/** Numbers at and past every boundary: int32, 2^53, float limits, negative zero, fractions. */
export const nastyNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1,
    0.5,
    -1.5,
    1e308,
    -1e308,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    2 ** 64,
    5e-324,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON text only a client can write: overflowing numbers and very deep nesting. */
export const rawJsonValue = fc.constantFrom(
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('9007199254740993'),
  new RawJson(`1${'0'.repeat(400)}`),
  new RawJson('1E-400'),
  new RawJson('-0.0'),
  new RawJson(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`),
  new RawJson(`${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`),
  new RawJson(`[${new Array(10_000).fill('0').join(',')}]`),
);

const scalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));

/** Any JSON value a hostile client might put where the API expects something specific. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: scalar, weight: 8 },
  { arbitrary: rawJsonValue, weight: 1 },
  { arbitrary: fc.array(scalar, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }), weight: 1 },
);

/** Property names a client must not be able to smuggle in (prototype pollution, privilege fields). */
export const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'id', 'userId', 'isAdmin', 'status', 'createdAt'),
  fc.string({ maxLength: 12 }),
  unicodeString,
);

/** A value for an HTTP header: headers carry only Latin-1 without control characters. */
export function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
