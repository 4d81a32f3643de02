/**
 * The parts of an OpenAPI 3.0 document the fuzzer reads: every operation with its parameters and
 * request body, `$ref`s resolved against the document's components.
 */

/** The subset of JSON Schema that `@hono/zod-openapi` emits for this API. */
export interface JsonSchema {
  $ref?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0: a boolean that makes `minimum` exclusive. */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  nullable?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  example?: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper-case HTTP method. */
  method: string;
  /** The OpenAPI path template, e.g. `/api/claims/{id}/submit`. */
  path: string;
  /** `GET /api/claims/{id}`: names the operation in reports. */
  id: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The documented request body, if any (first content type wins; the document lists one per route). */
  body: { contentType: string; schema: JsonSchema; required: boolean } | undefined;
  /**
   * Statuses of 400 and above that the operation documents with a JSON body other than the error
   * envelope: answers, not errors. The one today is the refused sign-in's 401 `{ url }`, which is
   * NextAuth's contract (ADR 018).
   */
  answers: number[];
}

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorResponse';

/** The documented 4xx statuses whose JSON body is not the error envelope. */
function documentedAnswers(raw: RawOperation): number[] {
  return Object.entries(raw.responses ?? {})
    .filter(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      return Number(status) >= 400 && schema !== undefined && schema.$ref !== ERROR_ENVELOPE_REF;
    })
    .map(([status]) => Number(status));
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Lists every operation of the document whose path starts with `prefix`, in document order, so a
 * fixed seed walks the routes in the same order on every run.
 */
export function listOperations(doc: OpenApiDocument, prefix = '/api/'): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (raw.parameters ?? []).map((parameter) => ({
        in: parameter.in,
        name: parameter.name,
        required: parameter.required ?? parameter.in === 'path',
        schema: resolveSchema(doc, parameter.schema ?? {}),
      }));
      const pick = (where: RawParameter['in']) =>
        parameters.filter((p) => p.in === where).map(({ name, required, schema }) => ({ name, required, schema }));
      const [contentType, media] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        id: `${method.toUpperCase()} ${path}`,
        pathParams: pick('path'),
        queryParams: pick('query'),
        headerParams: pick('header'),
        body:
          contentType && media
            ? {
                contentType,
                schema: resolveSchema(doc, media.schema ?? {}),
                required: raw.requestBody?.required ?? false,
              }
            : undefined,
        answers: documentedAnswers(raw),
      });
    }
  }
  return operations;
}

/**
 * Inlines every `$ref` (the API's schemas are not recursive, so this terminates), which lets the
 * generators walk plain objects.
 */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 32) throw new Error('schema nests deeper than 32 levels (recursive $ref?)');
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return resolveSchema(doc, target, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.items) out.items = resolveSchema(doc, schema.items, depth + 1);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolveSchema(doc, value, depth + 1)]),
    );
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = resolveSchema(doc, schema.additionalProperties, depth + 1);
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (list) out[key] = list.map((item) => resolveSchema(doc, item, depth + 1));
  }
  return out;
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * For every documented path, the methods it does not document (with its path parameters and no
 * body): the API must answer them with an enveloped error as well.
 */
export function undocumentedMethods(operations: Operation[]): Operation[] {
  const byPath = new Map<string, Operation[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const extra: Operation[] = [];
  for (const [path, documented] of byPath) {
    const methods = new Set(documented.map((operation) => operation.method));
    for (const method of ALL_METHODS) {
      if (methods.has(method)) continue;
      extra.push({
        method,
        path,
        id: `${method} ${path} (undocumented)`,
        pathParams: documented[0]?.pathParams ?? [],
        queryParams: [],
        headerParams: [],
        body: undefined,
        answers: [],
      });
    }
  }
  return extra;
}
