import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderClient } from './client.ts';
import type { ProviderClientOptions } from './client-types.ts';
import {
  ProviderAbortError,
  ProviderBadGatewayError,
  ProviderBadRequestError,
  ProviderError,
  ProviderForbiddenError,
  ProviderHttpError,
  ProviderInternalError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderTimeoutError,
  ProviderUnauthorizedError,
  ProviderUnavailableError,
} from './errors.ts';
import { createFakeTime, createManualTime, type FakeTime } from './fake-time.ts';
import { type FixtureServer, loadFixture, startFixtureServer } from './fixture-server.ts';

const API_KEY = 'secret-key-77d2e1b0';
const REPORT = 'GET /instagram/profile/*/report';
let server: FixtureServer;
let time: FakeTime;

beforeAll(async () => {
  server = await startFixtureServer({ apiKey: API_KEY });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  time = createFakeTime();
});

function makeClient(overrides: Partial<ProviderClientOptions> = {}) {
  return createProviderClient({
    baseUrl: server.url,
    apiKey: API_KEY,
    sleep: time.sleep,
    now: time.now,
    random: () => 0.5,
    backoff: { baseMs: 100, maxMs: 5_000 },
    rateLimit: { perSecond: 1_000 },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Waits (real time) until the fixture server has received `count` requests. */
async function receivedRequests(count: number): Promise<void> {
  for (let i = 0; i < 200 && server.calls.length < count; i++) await new Promise((r) => setTimeout(r, 5));
  expect(server.calls).toHaveLength(count);
}

describe('provider statuses', () => {
  it.each([
    [400, ProviderBadRequestError, 'Bad Request', 'bad_request'],
    [401, ProviderUnauthorizedError, 'Unauthorized', 'api_token_invalid'],
    [403, ProviderForbiddenError, 'Forbidden', 'not_enough_credits'],
    [404, ProviderNotFoundError, 'Not Found', 'handle_not_found'],
    [429, ProviderRateLimitError, 'Too Many Requests', 'rate_limited'],
    [500, ProviderInternalError, 'Internal Server Error', 'internal_server_error'],
    [502, ProviderBadGatewayError, 'Bad Gateway', 'bad_gateway'],
    [503, ProviderUnavailableError, 'Service Unavailable', 'service_unavailable'],
  ])('%i becomes %o with the code from the body', async (status, ErrorClass, statusText, code) => {
    const body = { error: true, code, message: `Provider says ${code}` };
    server.script(REPORT, { status, json: body });
    const error = await failure(makeClient({ retries: 0 }).report('instagram', 'harbor.and.hearth'));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({
      name: ErrorClass.name,
      status,
      statusText,
      code,
      body: JSON.stringify(body),
      request: 'GET /instagram/profile/harbor.and.hearth/report',
      providerMessage: `Provider says ${code}`,
    });
    expect(error.message).toBe(
      `Provider answered ${status} ${statusText} (${code}) for GET /instagram/profile/harbor.and.hearth/report: Provider says ${code}`,
    );
    expect(server.calls).toHaveLength(1);
  });

  it('any other non-2xx becomes ProviderHttpError with status, status text and body', async () => {
    server.script(REPORT, { status: 418, text: 'short and stout' });
    const error = await failure(makeClient().report('instagram', 'harbor.and.hearth'));
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect(error).toMatchObject({ status: 418, statusText: "I'm a Teapot", code: undefined, body: 'short and stout' });
    expect(error.message).toBe(
      "Provider answered 418 I'm a Teapot for GET /instagram/profile/harbor.and.hearth/report: short and stout",
    );
    expect(server.calls).toHaveLength(1);
  });

  it('a non-JSON error page keeps its text and has no code', async () => {
    server.script(REPORT, { status: 502, text: '<html><body>Bad gateway</body></html>' });
    const error = await failure(makeClient({ retries: 0 }).report('instagram', 'x'));
    expect(error).toBeInstanceOf(ProviderBadGatewayError);
    expect(error).toMatchObject({ status: 502, code: undefined, body: '<html><body>Bad gateway</body></html>' });
  });

  it('a 429 carries Retry-After in seconds', async () => {
    server.script(REPORT, {
      status: 429,
      headers: { 'Retry-After': '7' },
      json: { error: true, code: 'rate_limited' },
    });
    const error = await failure(makeClient({ retries: 0 }).report('instagram', 'x'));
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect((error as ProviderRateLimitError).retryAfterSeconds).toBe(7);
  });
});

describe('answers that are not the contract', () => {
  it('malformed JSON becomes ProviderResponseError', async () => {
    server.script(REPORT, { text: '{"error": false, "profile": {' });
    const error = await failure(makeClient().report('instagram', 'x'));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response', body: '{"error": false, "profile": {' });
    expect(error.message).toBe(
      'Unexpected provider response for GET /instagram/profile/x/report: the body is not JSON',
    );
  });

  it('a wrong shape becomes ProviderResponseError listing the zod issues', async () => {
    const page = loadFixture<Record<string, unknown>>('search-instagram-page.json');
    server.script('POST /instagram/search', { json: { ...page, total: 'many' } });
    const error = await failure(makeClient().search('instagram', { filter: {} }));
    expect(error).toBeInstanceOf(ProviderResponseError);
    const issues = (error as ProviderResponseError).issues;
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([[['total'], 'invalid_type']]);
    expect(error.message).toContain('total:');
  });

  it('a 2xx body that reports an error keeps its code', async () => {
    server.script('GET /instagram/performance-data', { json: { error: true, code: 'retry_later', message: 'Wait' } });
    const error = await failure(makeClient().performance('instagram', 'x'));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error).toMatchObject({ status: 200, code: 'retry_later' });
  });
});

describe('cancellation and timeouts', () => {
  it('an already aborted signal rejects with "Request aborted" and sends nothing', async () => {
    const error = await failure(makeClient().report('instagram', 'x', {}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(ProviderAbortError);
    expect(error.message).toBe('Request aborted');
    expect(server.calls).toHaveLength(0);
  });

  it('aborting while queued in the rate limiter rejects and never sends', async () => {
    const manual = createManualTime();
    const client = makeClient({ sleep: manual.sleep, now: manual.now, rateLimit: { perSecond: 2 } });
    await client.report('instagram', 'first');
    const controller = new AbortController();
    const queued = client.report('instagram', 'second', {}, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    expect(manual.pending).toBe(1);
    controller.abort();
    const error = await failure(queued);
    expect(error).toBeInstanceOf(ProviderAbortError);
    expect(error.message).toBe('Request aborted');
    manual.releaseAll();
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls.map((call) => call.path)).toEqual(['/instagram/profile/first/report']);
  });

  it('aborting in flight rejects at once and closes the request', async () => {
    server.script(REPORT, { delayMs: 5_000, fixture: 'report-instagram.json' });
    const controller = new AbortController();
    const pending = makeClient().report('instagram', 'slow', {}, { signal: controller.signal });
    await receivedRequests(1);
    const startedAt = performance.now();
    controller.abort();
    const error = await failure(pending);
    expect(error).toBeInstanceOf(ProviderAbortError);
    expect(error.message).toBe('Request aborted');
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });

  it('aborting during a retry backoff rejects without another attempt', async () => {
    const manual = createManualTime();
    server.script(REPORT, { status: 503, json: { error: true, code: 'unavailable' } });
    const controller = new AbortController();
    const client = makeClient({ sleep: manual.sleep, now: manual.now });
    const pending = client.report('instagram', 'x', {}, { signal: controller.signal });
    await receivedRequests(1);
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect((await failure(pending)).message).toBe('Request aborted');
    manual.releaseAll();
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toHaveLength(1);
  });

  it('an attempt that outlasts timeoutMs becomes ProviderTimeoutError and is not retried', async () => {
    server.script(REPORT, { delayMs: 5_000, fixture: 'report-instagram.json' });
    const error = await failure(makeClient({ timeoutMs: 80 }).report('instagram', 'slow'));
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect(error).not.toBeInstanceOf(ProviderAbortError);
    expect(error.message).toBe('Provider did not answer within 80 ms for GET /instagram/profile/slow/report');
    expect(server.calls).toHaveLength(1);
  });
});

describe('retries', () => {
  it('503, 503, 200 succeeds on the third call after growing backoff', async () => {
    const unavailable = { status: 503, json: { error: true, code: 'unavailable' } };
    server.script(REPORT, unavailable, unavailable);
    const result = await makeClient().report('instagram', 'harbor.and.hearth');
    expect(result.data).toEqual(loadFixture('report-instagram.json'));
    expect(server.calls).toHaveLength(3);
    // Jitter pinned at 0.5: half of 100 ms + a quarter, then half of 200 ms + a quarter.
    expect(time.sleeps).toEqual([75, 150]);
  });

  it('a provider that stays at 503 is called retries + 1 times, then ProviderUnavailableError', async () => {
    const unavailable = { status: 503, json: { error: true, code: 'unavailable' } };
    server.script(REPORT, unavailable, unavailable, unavailable, unavailable);
    const error = await failure(makeClient({ retries: 3 }).report('instagram', 'x'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.code).toBe('unavailable');
    expect(server.calls).toHaveLength(4);
    expect(time.sleeps).toEqual([75, 150, 300]);
  });

  it('502 and 429 are retried too', async () => {
    server.script(
      REPORT,
      { status: 502, text: 'bad gateway' },
      { status: 429, json: { error: true, code: 'rate_limited' } },
    );
    const result = await makeClient().report('instagram', 'x');
    expect(result.cost).toEqual({ credits: 1, rawRequests: 0 });
    expect(server.calls).toHaveLength(3);
  });

  it('Retry-After in seconds or as an HTTP date sets the wait, capped at maxMs', async () => {
    const limited = (retryAfter: string) => ({
      status: 429,
      headers: { 'Retry-After': retryAfter },
      json: { error: true, code: 'rate_limited' },
    });
    const inThreeSeconds = new Date(time.now() + 3_000).toUTCString();
    server.script(REPORT, limited('2'), limited(inThreeSeconds), limited('120'));
    await makeClient().report('instagram', 'x');
    expect(server.calls).toHaveLength(4);
    expect(time.sleeps[0]).toBe(2_000);
    // The HTTP date is read against the clock after the first wait: 3 s ahead of the start.
    expect(time.sleeps[1]).toBe(1_000);
    expect(time.sleeps[2]).toBe(5_000);
  });

  it.each([400, 401, 403, 404, 409, 500])('%i is not retried', async (status) => {
    server.script(REPORT, { status, json: { error: true, code: 'nope' } });
    await failure(makeClient().report('instagram', 'x'));
    expect(server.calls).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('an unreachable provider is retried, then ProviderNetworkError', async () => {
    const gone = await startFixtureServer();
    const baseUrl = gone.url;
    await gone.close();
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts += 1;
      return fetch(input, init);
    };
    const error = await failure(makeClient({ baseUrl, fetch: counting, retries: 2 }).userInfo());
    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Provider unreachable for GET \/user\/info: .*ECONNREFUSED/);
    expect(attempts).toBe(3);
  });
});

describe('logging', () => {
  it('logs path and status only, never the key or query values', async () => {
    const lines: unknown[] = [];
    const logger = {
      warn: (details: object, message?: string) => lines.push({ level: 'warn', details, message }),
      debug: (details: object, message?: string) => lines.push({ level: 'debug', details, message }),
    };
    const client = makeClient({ logger });
    server.script(REPORT, { status: 503, json: { error: true, code: 'unavailable' } });
    await client.report('instagram', 'harbor.and.hearth');
    await client.raw('ig', 'user-info', { url: 'private-lookup-value' });
    server.script(REPORT, { status: 404, fixture: 'error-handle-not-found.json' });
    const error = await failure(client.report('instagram', 'gone'));
    const text = JSON.stringify(lines) + error.message + error.body;
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('private-lookup-value');
    expect(lines).toEqual([
      {
        level: 'debug',
        details: { request: 'GET /instagram/profile/harbor.and.hearth/report', status: 503, ms: 0 },
        message: 'provider answered',
      },
      {
        level: 'warn',
        details: { request: 'GET /instagram/profile/harbor.and.hearth/report', status: 503, code: 'unavailable' },
        message: 'provider call failed',
      },
      {
        level: 'warn',
        details: { request: 'GET /instagram/profile/harbor.and.hearth/report', status: 503, retry: 1, delayMs: 75 },
        message: 'provider call retried',
      },
      {
        level: 'debug',
        details: { request: 'GET /instagram/profile/harbor.and.hearth/report', status: 200, ms: 0 },
        message: 'provider answered',
      },
      {
        level: 'debug',
        details: { request: 'GET /raw/ig/user-info', status: 200, ms: 0 },
        message: 'provider answered',
      },
      {
        level: 'debug',
        details: { request: 'GET /instagram/profile/gone/report', status: 404, ms: 0 },
        message: 'provider answered',
      },
      {
        level: 'warn',
        details: { request: 'GET /instagram/profile/gone/report', status: 404, code: 'handle_not_found' },
        message: 'provider call failed',
      },
    ]);
  });
});
