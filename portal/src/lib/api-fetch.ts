import type { HttpError } from '@refinedev/core';
import { requestReauthentication } from './reauth-gate';

/** The API's one error body (api/src/lib/errors.ts). */
interface ErrorEnvelope {
  error: { code: string; message: string; fields?: Record<string, string[]>; requestId: string };
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return !!error && typeof error === 'object' && 'code' in error && typeof error.code === 'string';
}

/** A Refine `HttpError` whose `message` is the dictionary key `errors.<code>`, translated by the UI. */
export interface ApiError extends HttpError {
  code: string;
  requestId?: string;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How long a GET started before its page rendered waits to be taken (ADR 034); older, it is asked again. */
const EARLY_MS = 10_000;
/** GETs main.tsx started for the page about to render (`prefetchGet`), each taken by the first `apiFetch` of it. */
const early = new Map<string, { at: number; body: Promise<unknown> }>();

/**
 * Starts a GET that the page about to render will make (main.tsx, from `src/routes/first-load.ts`),
 * so its answer is on the way while the page's code loads. The first `apiFetch` of the same path
 * takes it; what nobody takes within ten seconds is forgotten.
 */
export function prefetchGet(path: string): void {
  if (early.has(path)) return;
  const body = send(path, {}).then((answer) => answer.body);
  // A failure is the page's to show, when it takes the request.
  body.catch(() => undefined);
  early.set(path, { at: Date.now(), body });
}

function takeEarly(path: string, method: string | undefined): Promise<unknown> | undefined {
  const started = early.get(path);
  if (!started || (method !== undefined && method.toUpperCase() !== 'GET')) return undefined;
  early.delete(path);
  return Date.now() - started.at <= EARLY_MS ? started.body : undefined;
}

/**
 * The portal's one HTTP client: same-origin cookies, JSON in and out, and every failure turned into
 * an `ApiError` (field messages in `errors` so forms mark the fields). A sensitive request refused
 * for an old sign-in asks for the password (reauth-gate) and is sent once more when it is confirmed.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const started = takeEarly(path, init.method);
  try {
    return started ? ((await started) as T) : (await send<T>(path, init)).body;
  } catch (error) {
    if (!isApiError(error) || error.code !== 'reauthentication_required') throw error;
    if (!(await requestReauthentication())) throw error;
    return (await send<T>(path, init)).body;
  }
}

/**
 * `apiFetch` for a route whose contract answers some failures with a body of its own rather than
 * the error envelope: a response with one of `answers` resolves with its status and body, as a 2xx
 * does; every other failure throws the same `ApiError`. The one such route today is the
 * credentials sign-in, which refuses a wrong password with 401 and `{ url }` as NextAuth's server does.
 */
export function apiFetchAnswer<T>(
  path: string,
  init: RequestInit & { json?: unknown },
  answers: readonly number[],
): Promise<{ status: number; body: T }> {
  return send<T>(path, init, answers);
}

async function send<T>(
  path: string,
  init: RequestInit & { json?: unknown },
  answers: readonly number[] = [],
): Promise<{ status: number; body: T }> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw { statusCode: 0, code: 'network', message: 'errors.network' } satisfies ApiError;
  }
  const body = parseJson(await response.text());
  if (response.ok || answers.includes(response.status)) return { status: response.status, body: body as T };
  if (isErrorEnvelope(body)) {
    throw {
      statusCode: response.status,
      code: body.error.code,
      requestId: body.error.requestId,
      message: `errors.${body.error.code}`,
      ...(body.error.fields ? { errors: body.error.fields } : {}),
    } satisfies ApiError;
  }
  throw { statusCode: response.status, code: 'internal_error', message: 'errors.internal_error' } satisfies ApiError;
}

/** Narrows a caught value to the `ApiError` that `apiFetch` throws. */
export function isApiError(value: unknown): value is ApiError {
  return !!value && typeof value === 'object' && 'code' in value && typeof value.code === 'string';
}
