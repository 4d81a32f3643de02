import type { z } from 'zod';
import {
  errorForStatus,
  ProviderAbortError,
  type ProviderCost,
  type ProviderError,
  ProviderNetworkError,
  ProviderResponseError,
  ProviderTimeoutError,
} from './errors.ts';
import { ProviderErrorBodySchema } from './response-schemas.ts';
import { parseRetryAfter } from './retry.ts';
import type { Clock } from './timing.ts';

/** The subset of a pino logger the client writes to: paths and statuses only, never the key. */
export interface ProviderLogger {
  warn(details: object, message?: string): void;
  debug(details: object, message?: string): void;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** Path under the base URL, path parameters already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface Transport {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  logger: ProviderLogger | undefined;
  now: Clock;
}

/** `METHOD /path` for messages and logs: no query string, so nothing personal or secret leaks. */
export function describeRequest(request: ProviderRequest): string {
  return `${request.method} ${request.path}`;
}

function buildUrl(baseUrl: string, request: ProviderRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.size > 0 ? `?${query}` : '';
  return `${baseUrl.replace(/\/+$/, '')}${request.path}${search}`;
}

/**
 * One HTTP attempt: sends the request with the bearer key in the `Authorization` header only,
 * under a per-attempt timeout, and turns the answer into parsed data or a typed error.
 * @throws ProviderAbortError when `signal` fires, ProviderTimeoutError after `timeoutMs`,
 *   ProviderNetworkError without an answer, a status error for non-2xx, ProviderResponseError
 *   for a 2xx that is not JSON or not the expected shape.
 */
export async function sendOnce<T>(
  transport: Transport,
  request: ProviderRequest,
  schema: z.ZodType<T>,
  signal: AbortSignal,
  errorCost: (status: number) => ProviderCost,
): Promise<T> {
  const label = describeRequest(request);
  if (signal.aborted) throw new ProviderAbortError({ request: label });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, transport.timeoutMs);
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const startedAt = transport.now();
  const failure = (cause: unknown): ProviderError => {
    if (signal.aborted) return new ProviderAbortError({ request: label });
    if (timedOut) return new ProviderTimeoutError(transport.timeoutMs, { request: label });
    return new ProviderNetworkError({ request: label, cause });
  };
  try {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${transport.apiKey}`,
      Accept: 'application/json',
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await transport.fetch(buildUrl(transport.baseUrl, request), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      const error = failure(cause);
      transport.logger?.warn({ request: label, error: error.name }, 'provider call got no answer');
      throw error;
    }
    transport.logger?.debug(
      { request: label, status: response.status, ms: transport.now() - startedAt },
      'provider answered',
    );
    return interpret(transport, request, response, text, schema, errorCost);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

function interpret<T>(
  transport: Transport,
  request: ProviderRequest,
  response: Response,
  text: string,
  schema: z.ZodType<T>,
  errorCost: (status: number) => ProviderCost,
): T {
  const label = describeRequest(request);
  const json = parseJson(text);
  const common = { status: response.status, statusText: response.statusText, body: text, request: label };
  if (!response.ok) {
    const errorBody = ProviderErrorBodySchema.safeParse(json.value);
    const error = errorForStatus({
      ...common,
      code: errorBody.success ? errorBody.data.code : undefined,
      providerMessage: errorBody.success ? (errorBody.data.message ?? undefined) : undefined,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after'), transport.now()),
      cost: errorCost(response.status),
    });
    transport.logger?.warn({ request: label, status: response.status, code: error.code }, 'provider call failed');
    throw error;
  }
  if (!json.ok) throw new ProviderResponseError('the body is not JSON', common);
  const flagged = embeddedErrorCode(json.value);
  if (flagged) throw new ProviderResponseError(`the body reports an error (${flagged})`, { ...common, code: flagged });
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    const summary = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    transport.logger?.warn({ request: label, status: response.status }, 'provider answer has an unexpected shape');
    throw new ProviderResponseError(`the body does not match the contract (${summary})`, {
      ...common,
      issues: parsed.error.issues,
    });
  }
  return parsed.data;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; value: undefined } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

/** A 2xx body that still says `error: true`, or the `retry_later` status some clients describe. */
function embeddedErrorCode(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const body = value as Record<string, unknown>;
  if (body.error === true) return typeof body.code === 'string' ? body.code : 'error';
  if (body.status === 'retry_later') return 'retry_later';
  return undefined;
}
