import { ERROR_STATUS } from '../../src/lib/errors.ts';

/** What the fuzzer saw: status, headers and the body text (SSE streams: the first chunk). */
export interface ObservedResponse {
  status: number;
  headers: Headers;
  text: string;
}

const ENVELOPE_KEYS = new Set(['code', 'message', 'fields', 'requestId']);
/** Traces of a stack or an internal error text that must never reach a client. */
const LEAKS: [RegExp, string][] = [
  [/\bat (?:async )?(?:[\w$.<>[\] ]+ )?\(?(?:file:\/\/|node:|\/)[^)\s]*:\d+:\d+\)?/, 'a stack trace'],
  [/node_modules|\/src\/[\w/-]+\.ts\b/, 'a source path'],
  [
    /violates (?:unique|foreign key|check|not-null) constraint|invalid input syntax for|syntax error at or near/i,
    'a database error',
  ],
  [/\b(?:TypeError|ReferenceError|RangeError|SyntaxError): /, 'a JavaScript error'],
];

/**
 * Checks one API response against the rules of DESIGN §4/§7 and returns what is wrong (empty when
 * fine): no status ≥ 500; every error is JSON in exactly the envelope
 * `{"error":{"code","message","fields?","requestId"}}` with a documented code whose status is the
 * response's and the request id of the `X-Request-Id` header; no stack traces or database errors in
 * any body; every 2xx JSON body parses. `answers` are the 4xx statuses the operation documents with a
 * body other than the envelope (operations.ts); those are checked like a 2xx.
 */
export function checkResponse(response: ObservedResponse, answers: readonly number[] = []): string[] {
  const problems: string[] = [];
  const { status, headers, text } = response;
  const contentType = headers.get('content-type') ?? '';
  const isJson = /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
  if (status >= 500) problems.push(`status ${status}`);
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(text)) problems.push(`body contains ${what}`);
  }
  if (status >= 400 && !answers.includes(status)) {
    if (!isJson) {
      problems.push(`error response is not JSON (Content-Type "${contentType}")`);
      return problems;
    }
    problems.push(...checkEnvelope(text, status, headers.get('x-request-id')));
    return problems;
  }
  if (isJson && status !== 204 && status !== 304) {
    try {
      JSON.parse(text);
    } catch {
      problems.push('2xx JSON body does not parse');
    }
  }
  return problems;
}

function checkEnvelope(text: string, status: number, requestIdHeader: string | null): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['error body does not parse as JSON'];
  }
  if (!isPlainObject(body) || Object.keys(body).length !== 1 || !isPlainObject(body.error)) {
    return ['error body is not {"error":{…}}'];
  }
  const error = body.error;
  const problems: string[] = [];
  const extra = Object.keys(error).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length > 0) problems.push(`error has unexpected keys ${extra.join(', ')}`);
  const code = error.code;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_STATUS, code)) {
    problems.push(`error.code ${JSON.stringify(code)} is not a documented code`);
  } else if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status) {
    problems.push(
      `error.code ${code} belongs to status ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}, not ${status}`,
    );
  }
  if (typeof error.message !== 'string' || error.message === '')
    problems.push('error.message is not a non-empty string');
  if (typeof error.requestId !== 'string' || error.requestId === '') {
    problems.push('error.requestId is missing');
  } else if (requestIdHeader !== null && error.requestId !== requestIdHeader) {
    problems.push('error.requestId differs from the X-Request-Id header');
  }
  if (error.fields !== undefined) {
    const fields = error.fields;
    const wellFormed =
      isPlainObject(fields) &&
      Object.values(fields).every(
        (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
      );
    if (!wellFormed) problems.push('error.fields is not a map of string arrays');
  }
  return problems;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
