import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderClient } from './client.ts';
import type { ProviderClientOptions } from './client-types.ts';
import { ProviderAbortError } from './errors.ts';
import { createFakeTime } from './fake-time.ts';
import { type FixtureServer, loadFixture, startFixtureServer } from './fixture-server.ts';

const API_KEY = 'concurrency-key';
const REPORT = 'GET /instagram/profile/*/report';
let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer({ apiKey: API_KEY });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

function makeClient(overrides: Partial<ProviderClientOptions> = {}) {
  const time = createFakeTime();
  return createProviderClient({ baseUrl: server.url, apiKey: API_KEY, sleep: time.sleep, now: time.now, ...overrides });
}

async function receivedRequests(count: number): Promise<void> {
  for (let i = 0; i < 200 && server.calls.length < count; i++) await new Promise((r) => setTimeout(r, 5));
  expect(server.calls).toHaveLength(count);
}

function sortedByJson<T>(values: T[]): T[] {
  const key = (value: T) => JSON.stringify(value);
  return values.toSorted((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

describe('coalescing identical requests in flight', () => {
  it('10 identical concurrent reports make one provider call and get equal results', async () => {
    const client = makeClient();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.report('instagram', 'harbor.and.hearth')),
    );
    expect(server.count(REPORT)).toBe(1);
    const report = loadFixture('report-instagram.json');
    for (const result of results) {
      expect(result.data).toEqual(report);
      expect(result.cost).toEqual({ credits: 1, rawRequests: 0 });
    }
    expect(results.map((result) => result.coalesced)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('a finished call is not reused: the next identical request calls again', async () => {
    const client = makeClient();
    await client.report('instagram', 'harbor.and.hearth');
    await client.report('instagram', 'harbor.and.hearth');
    expect(server.count(REPORT)).toBe(2);
  });

  it('bodies that differ are separate calls; the same body in another key order is one', async () => {
    const client = makeClient();
    await Promise.all([
      client.search('instagram', { page: 0, filter: { influencer: { followers: { min: 1000, max: 5000 } } } }),
      client.search('instagram', { page: 1, filter: { influencer: { followers: { min: 1000, max: 5000 } } } }),
      client.search('instagram', { filter: { influencer: { followers: { max: 5000, min: 1000 } } }, page: 1 }),
    ]);
    // Concurrent requests reach the server in any order.
    expect(sortedByJson(server.calls.map((call) => call.body))).toEqual(
      sortedByJson([
        { page: 0, filter: { influencer: { followers: { min: 1000, max: 5000 } } } },
        { page: 1, filter: { influencer: { followers: { min: 1000, max: 5000 } } } },
      ]),
    );
  });

  it('different query parameters or platforms are separate calls', async () => {
    const client = makeClient();
    server.script('GET /tiktok/profile/*/report', { fixture: 'report-instagram.json' });
    await Promise.all([
      client.report('instagram', 'harbor.and.hearth'),
      client.report('instagram', 'harbor.and.hearth', { calculationMethod: 'average' }),
      client.report('tiktok', 'harbor.and.hearth'),
    ]);
    expect(sortedByJson(server.calls.map((call) => [call.path, call.query]))).toEqual(
      sortedByJson([
        ['/instagram/profile/harbor.and.hearth/report', {}],
        ['/instagram/profile/harbor.and.hearth/report', { calculationMethod: 'average' }],
        ['/tiktok/profile/harbor.and.hearth/report', {}],
      ]),
    );
  });

  it('one caller aborting rejects only that caller; the others get the answer', async () => {
    server.script(REPORT, { delayMs: 150, fixture: 'report-instagram.json' });
    const client = makeClient();
    const leaving = new AbortController();
    const first = client.report('instagram', 'harbor.and.hearth', {}, { signal: leaving.signal });
    const second = client.report('instagram', 'harbor.and.hearth');
    const third = client.report('instagram', 'harbor.and.hearth', {}, { signal: new AbortController().signal });
    await receivedRequests(1);
    leaving.abort();
    const firstError = await first.catch((e: unknown) => e);
    expect(firstError).toBeInstanceOf(ProviderAbortError);
    expect((firstError as Error).message).toBe('Request aborted');
    const report = loadFixture('report-instagram.json');
    expect((await second).data).toEqual(report);
    expect((await third).data).toEqual(report);
    expect(server.count(REPORT)).toBe(1);
  });

  it('the shared call is aborted when every caller has aborted, and a new caller starts afresh', async () => {
    server.script(REPORT, { delayMs: 5_000, fixture: 'report-instagram.json' });
    const client = makeClient();
    const a = new AbortController();
    const b = new AbortController();
    const first = client.report('instagram', 'harbor.and.hearth', {}, { signal: a.signal });
    const second = client.report('instagram', 'harbor.and.hearth', {}, { signal: b.signal });
    await receivedRequests(1);
    a.abort();
    b.abort();
    await expect(first).rejects.toThrow('Request aborted');
    await expect(second).rejects.toThrow('Request aborted');
    const fresh = await client.report('instagram', 'harbor.and.hearth');
    expect(fresh.coalesced).toBe(false);
    expect(server.count(REPORT)).toBe(2);
  });

  it('a failure reaches every caller sharing the call', async () => {
    server.script(REPORT, { status: 404, fixture: 'error-handle-not-found.json' });
    const client = makeClient();
    const outcomes = await Promise.allSettled([
      client.report('instagram', 'gone'),
      client.report('instagram', 'gone'),
      client.report('instagram', 'gone'),
    ]);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as { code?: string }).code)).toEqual([
      'handle_not_found',
      'handle_not_found',
      'handle_not_found',
    ]);
    expect(server.count(REPORT)).toBe(1);
  });
});

describe('rate limiting', () => {
  it('discovery calls start 500 ms apart at the default 2 per second (fake clock)', async () => {
    const time = createFakeTime(0);
    const startedAt: number[] = [];
    const timed: typeof fetch = (input, init) => {
      startedAt.push(time.now());
      return fetch(input, init);
    };
    const client = createProviderClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      fetch: timed,
      sleep: time.sleep,
      now: time.now,
    });
    await Promise.all([
      client.report('instagram', 'a'),
      client.report('instagram', 'b'),
      client.search('instagram', { filter: {} }),
      client.userInfo(),
    ]);
    expect(startedAt).toEqual([0, 500, 1000, 1500]);
  });

  it('dictionaries and raw calls have their own faster limiters', async () => {
    const time = createFakeTime(0);
    const startedAt: Record<string, number> = {};
    const timed: typeof fetch = (input, init) => {
      startedAt[new URL(String(input)).pathname.replace('/v1', '')] = time.now();
      return fetch(input, init);
    };
    server.script('GET /instagram/languages', { json: { languages: [], total: 0 } });
    server.script('GET /instagram/topics', { json: { tags: [] } });
    const client = createProviderClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      fetch: timed,
      sleep: time.sleep,
      now: time.now,
    });
    await Promise.all([
      client.report('instagram', 'a'),
      client.raw('ig', 'user-info', { url: 'a' }),
      client.raw('ig', 'user-feed', { url: 'a' }),
      client.dictionary('instagram', 'languages'),
      client.dictionary('instagram', 'topics'),
    ]);
    expect(startedAt).toEqual({
      '/instagram/profile/a/report': 0,
      '/raw/ig/user-info': 0,
      '/raw/ig/user-feed': 100,
      '/instagram/languages': 0,
      '/instagram/topics': 100,
    });
  });

  it('spaces requests in real time too', async () => {
    const client = createProviderClient({ baseUrl: server.url, apiKey: API_KEY, rateLimit: { perSecond: 20 } });
    await Promise.all([
      client.report('instagram', 'a'),
      client.report('instagram', 'b'),
      client.report('instagram', 'c'),
    ]);
    const times = server.calls.map((call) => call.receivedAt);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(40);
    }
  });
});
