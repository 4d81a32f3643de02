/**
 * Fault injection, so the provider client's error handling can be tested and tried by hand.
 *
 * A fault spec is a comma-separated list, given per request in the `x-sample-fault` header or for
 * the whole process with the `faults` option (`SAMPLE_PROVIDER_FAULTS` for the standalone server);
 * the header wins when both are set. Kinds:
 * - `latency=<ms>`: wait that long, then answer normally (or with the other faults);
 * - `status=<code>`: answer that status with the provider's error body
 *   (`400 bad_request`, `401 api_token_invalid`, `403 not_enough_credits`, `404 handle_not_found`,
 *   `418 teapot` for a client's generic path, `429 rate_limited` with `Retry-After: 1`,
 *   `500 internal_server_error`, `502 bad_gateway`, `503 service_unavailable`, others `error`);
 * - `code=<code>`: override the error code, e.g. `status=409,code=retry_later`;
 * - `malformed`: 200 with a body that is not JSON; `malformed=shape`: 200 with JSON of the wrong shape;
 * - `hang`: never answer until the client gives up (aborts); capped at HANG_LIMIT_MS;
 * - `rate=<0..1>`: apply the other faults to only that share of requests. Deterministic: the n-th
 *   request with this spec is faulted when ⌊n·rate⌋ grows, so `rate=0.5` faults every second one.
 * Faulted requests never reach the handlers, so they cost no credits.
 */
import type { Context, MiddlewareHandler } from 'hono';

export const FAULT_HEADER = 'x-sample-fault';
export const HANG_LIMIT_MS = 120_000;

export interface FaultSpec {
  latencyMs?: number;
  status?: number;
  code?: string;
  malformed?: 'json' | 'shape';
  hang?: boolean;
  rate?: number;
}

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'api_token_invalid',
  403: 'not_enough_credits',
  404: 'handle_not_found',
  409: 'retry_later',
  418: 'teapot',
  429: 'rate_limited',
  500: 'internal_server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
};

export class FaultSpecError extends Error {}

/** Parses `latency=300,status=503,rate=0.5,malformed`; throws FaultSpecError on anything else. */
export function parseFaults(spec: string): FaultSpec {
  const faults: FaultSpec = {};
  for (const part of spec
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [name = '', value] = part.split('=', 2).map((item) => item.trim());
    const number = Number(value);
    if (name === 'latency' && Number.isFinite(number) && number >= 0) faults.latencyMs = number;
    else if (name === 'status' && Number.isInteger(number) && number >= 400 && number <= 599) faults.status = number;
    else if (name === 'code' && value && /^[a-z_]+$/.test(value)) faults.code = value;
    else if (name === 'malformed' && (value === undefined || value === 'json' || value === 'shape'))
      faults.malformed = value === 'shape' ? 'shape' : 'json';
    else if (name === 'hang' && value === undefined) faults.hang = true;
    else if (name === 'rate' && Number.isFinite(number) && number >= 0 && number <= 1) faults.rate = number;
    else throw new FaultSpecError(`Unknown fault "${part}".`);
  }
  return faults;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Middleware applying the process-wide spec and the per-request header. */
export function faultMiddleware(processSpec?: string): MiddlewareHandler {
  const processFaults = processSpec ? parseFaults(processSpec) : undefined;
  const counters = new Map<string, number>();
  const selected = (key: string, rate: number | undefined) => {
    if (rate === undefined) return true;
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    return Math.floor((n + 1) * rate) > Math.floor(n * rate);
  };
  return async (c: Context, next) => {
    const header = c.req.header(FAULT_HEADER);
    let faults = processFaults;
    let key = `process:${processSpec}`;
    if (header) {
      try {
        faults = parseFaults(header);
      } catch (error) {
        return c.json({ error: true, code: 'bad_request', message: (error as Error).message }, 400);
      }
      key = `header:${header}`;
    }
    if (!faults || !selected(key, faults.rate)) return next();
    const signal = c.req.raw.signal;
    if (faults.latencyMs) await wait(faults.latencyMs, signal);
    if (faults.hang) {
      await wait(HANG_LIMIT_MS, signal);
      return c.json({ error: true, code: 'gateway_timeout', message: 'The sample provider hung on purpose.' }, 504);
    }
    if (faults.status) {
      const code = faults.code ?? STATUS_CODES[faults.status] ?? 'error';
      if (faults.status === 429) c.header('Retry-After', '1');
      return c.json(
        { error: true, code, message: `Injected fault: status ${faults.status}.` },
        faults.status as Parameters<typeof c.json>[1] & number,
      );
    }
    if (faults.malformed === 'json')
      return c.body('{"error":false,"total":12,"lookalikes":[{"userId":', 200, { 'content-type': 'application/json' });
    if (faults.malformed === 'shape') return c.json({ error: false, unexpected: 'shape', items: 'not-a-list' }, 200);
    return next();
  };
}
