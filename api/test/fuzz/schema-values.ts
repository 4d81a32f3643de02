import fc from 'fast-check';
import type { JsonSchema } from './operations.ts';
import { extraKey, nastyValue, RawJson } from './values.ts';

/** Real values from the seeded database that generated requests may point at. */
export interface ValuePool {
  /** Ids of seeded rows of every kind (users, campaigns, claims, withdrawals, …). */
  ids: string[];
  /** Per role, the ids of rows that role owns or may act on (its campaigns, claims, methods…). */
  related: Partial<Record<string, string[]>>;
  /** Bodies known to pass the business rules, per operation id (see known-bodies.ts). */
  known: Record<string, unknown[]>;
  /** Numeric ids (chat message ids). */
  numericIds: number[];
  /** Addresses of seeded users and subscribers. */
  emails: string[];
  /** The double-submit CSRF token every signed-in role also carries as a cookie. */
  csrfToken: string;
  /** The seeded users' password, so password checks sometimes pass. */
  password: string;
}

const VIDEO_LINKS = [
  'https://www.instagram.com/reel/C9xYz12AbCd/',
  'https://www.instagram.com/p/C9xYz12AbCd/',
  'https://www.tiktok.com/@anna.creates/video/7301234567890123456',
  'https://vm.tiktok.com/ZMabc123/',
];

/**
 * Values chosen by a field's name rather than its schema, so generated bodies reach the checks
 * behind validation: ids of real rows, addresses of real users, a matching CSRF token, a valid
 * video link, the users' password.
 */
function hinted(name: string | undefined, schema: JsonSchema, pool: ValuePool): fc.Arbitrary<unknown> | undefined {
  if (!name || (schema.type !== 'string' && schema.type !== undefined && schema.type !== 'integer')) return undefined;
  if (schema.enum) return undefined;
  if (schema.type === 'integer') {
    if (/(^id$|Id$)/.test(name) && pool.numericIds.length > 0) return fc.constantFrom(...pool.numericIds);
    // Amounts a creator could really withdraw or a brand really budget (the minimum is 100 kr).
    if (/Ore$/.test(name)) return fc.constantFrom(10_000, 15_000, 25_000, 100_000, 250_000, 2_500_000);
    return undefined;
  }
  if (name === 'ids') {
    return fc.subarray(pool.ids, { minLength: 1, maxLength: 4 }).map((ids) => ids.join(','));
  }
  if (/(^id$|Id$|^id[A-Z])/.test(name)) return fc.constantFrom(...pool.ids);
  if (/email/i.test(name)) {
    return fc.oneof(
      fc.constantFrom(...pool.emails),
      fc.emailAddress().map((email) => email.slice(0, 254)),
    );
  }
  if (name === 'csrfToken') return fc.constant(pool.csrfToken);
  if (/password/i.test(name)) {
    return fc.oneof(fc.constant(pool.password), fc.constant('Another-fuzz-passw0rd!'));
  }
  if (name === 'url' || /videoUrl|link$/i.test(name)) {
    return fc.oneof(fc.constantFrom(...VIDEO_LINKS), fc.webUrl());
  }
  return undefined;
}

/**
 * A value that satisfies `schema` (as far as JSON Schema says: refinements only the API knows, such
 * as checksums, may still fail). `name` is the property name, used for hints.
 */
export function validValue(schema: JsonSchema, pool: ValuePool, name?: string): fc.Arbitrary<unknown> {
  const base = schemaValue(schema, pool, name);
  const withNull = schema.nullable ? fc.option(base, { nil: null, freq: 6 }) : base;
  const hint = hinted(name, schema, pool);
  const example = schema.example !== undefined ? fc.constant(schema.example) : undefined;
  const choices: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: withNull, weight: 3 }];
  if (hint) choices.push({ arbitrary: hint, weight: 5 });
  if (example) choices.push({ arbitrary: example, weight: 2 });
  return choices.length === 1 ? withNull : fc.oneof(...choices);
}

function schemaValue(schema: JsonSchema, pool: ValuePool, name?: string): fc.Arbitrary<unknown> {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => validValue(alternative, pool, name)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, pool, name);
  }
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringValue(schema);
    case 'integer': {
      const min = (schema.minimum ?? -1_000_000) + (schema.exclusiveMinimum ? 1 : 0);
      const max = (schema.maximum ?? Math.max(min, 0) + 1_000_000) - (schema.exclusiveMaximum ? 1 : 0);
      const low = Math.max(min, Number.MIN_SAFE_INTEGER);
      const high = Math.min(max, Number.MAX_SAFE_INTEGER);
      // Small values are the common case; the whole range covers the limits.
      return fc.oneof(
        fc.integer({ min: low, max: Math.min(high, low + 1_000) }),
        fc.integer({ min: low, max: high }),
        fc.constantFrom(low, high),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: schema.exclusiveMinimum === true,
        maxExcluded: schema.exclusiveMaximum === true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = validValue(schema.items ?? {}, pool);
      const minLength = schema.minItems ?? 0;
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object':
      return objectValue(schema, pool);
    default:
      // Untyped (`z.unknown()`): anything JSON.
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyValue);
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, schema.maxLength ?? 40);
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1940-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
    default:
      break;
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' }).filter(fits);
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)) });
}

function objectValue(schema: JsonSchema, pool: ValuePool): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = validValue(property, pool, key);
  const record = fc.record(model, { requiredKeys: [...required].filter((key) => key in model) });
  const extra = schema.additionalProperties;
  if (extra && Object.keys(properties).length === 0) {
    const values = typeof extra === 'object' ? validValue(extra, pool) : nastyValue;
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 4 });
  }
  return record as fc.Arbitrary<Record<string, unknown>>;
}

/** One change that turns a valid body into an invalid (or just unusual) one. */
export type Mutation =
  | { kind: 'drop'; pick: number }
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'null'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'root'; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: nastyValue }), weight: 8 },
  { arbitrary: fc.record({ kind: fc.constant('null' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('extra' as const), pick: fc.nat(), key: extraKey, value: nastyValue }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('root' as const), value: nastyValue }), weight: 1 },
);

type Path = (string | number)[];

/** Every position inside a JSON value (not the root), parents before children. */
function positions(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...prefix, index]);
      positions(item, [...prefix, index], out);
    });
  } else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      positions(item, [...prefix, key], out);
    }
  }
  return out;
}

/** Containers (objects) inside a JSON value, the root included. */
function containers(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return out;
  if (!Array.isArray(value)) out.push(prefix);
  for (const [key, item] of Object.entries(value)) {
    containers(item, [...prefix, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

function nodeAt(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
}

/** A deep copy that keeps `RawJson` pieces (structuredClone would turn them into plain objects). */
function copy(value: unknown): unknown {
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(copy);
  if (value !== null && typeof value === 'object') {
    const out = {};
    for (const [key, item] of Object.entries(value)) define(out, key, copy(item));
    return out;
  }
  return value;
}

function define(target: object, key: string | number, value: unknown): void {
  // defineProperty, so a key named __proto__ becomes a real own property as JSON.parse would make it.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies mutations to a deep copy of `value`; a mutation that has nothing to act on is skipped. */
export function applyMutations(value: unknown, mutations: Mutation[]): unknown {
  let root: unknown = copy(value);
  for (const change of mutations) {
    if (change.kind === 'root') {
      root = change.value;
      continue;
    }
    if (change.kind === 'extra') {
      const places = containers(root);
      const place = places[change.pick % Math.max(places.length, 1)];
      if (!place) continue;
      const target = nodeAt(root, place);
      if (target) define(target, change.key, change.value);
      continue;
    }
    const spots = positions(root);
    const spot = spots[change.pick % Math.max(spots.length, 1)];
    if (!spot) continue;
    const parent = nodeAt(root, spot.slice(0, -1));
    const key = spot.at(-1) as string | number;
    if (!parent) continue;
    if (change.kind === 'drop') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else {
      define(parent, key, change.kind === 'null' ? null : change.value);
    }
  }
  return root;
}
