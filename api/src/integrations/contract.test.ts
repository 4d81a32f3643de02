/*
 * The provider client against the built-in sample provider over real HTTP: every call the client
 * has, answered by the sample's implementation of the same contract and parsed by the client's
 * schemas (the client's own tests use recorded fixtures; this proves the two sides agree).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSampleProvider, FAULT_HEADER } from '@kollab/stand-ins/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProviderClient,
  DICTIONARY_KINDS,
  PLATFORMS,
  ProviderAbortError,
  ProviderBadGatewayError,
  ProviderBadRequestError,
  type ProviderClient,
  ProviderForbiddenError,
  ProviderHttpError,
  ProviderInternalError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderResponseError,
  ProviderUnauthorizedError,
  ProviderUnavailableError,
  RAW_ENDPOINTS,
  type RawPlatform,
} from './provider/index.ts';

const KEY = 'contract-test-key';
let server: ReturnType<typeof serve>;
let baseUrl: string;
/** The fault the sample provider injects into the next requests (sent as its per-request header). */
let fault: string | undefined;
let client: ProviderClient;
let calls = 0;

beforeAll(async () => {
  server = serve({ fetch: createSampleProvider({ apiKeys: [KEY] }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createProviderClient({
    baseUrl,
    apiKey: KEY,
    retries: 2,
    backoff: { baseMs: 1, maxMs: 5 },
    rateLimit: { perSecond: 1000, dictionaryPerSecond: 1000, rawPerSecond: 1000 },
    fetch: (input, init) => {
      calls += 1;
      const headers = new Headers(init?.headers);
      if (fault) headers.set(FAULT_HEADER, fault);
      return fetch(input, { ...init, headers });
    },
  });
  // The dataset is built on first use; build it before the timed-out calls below.
  await client.userInfo();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('every call parses and costs what the price list says', () => {
  it.each(PLATFORMS)('%s search: 15 hits a page, 0.01 credits each, pages differ', async (platform) => {
    const first = await client.search(platform, { page: 0, filter: { influencer: { followers: { min: 1_000 } } } });
    const second = await client.search(platform, { page: 1, filter: { influencer: { followers: { min: 1_000 } } } });
    expect(first.data.lookalikes).toHaveLength(15);
    expect(first.data.total).toBeGreaterThan(30);
    expect(first.cost).toEqual({ credits: 0.15, rawRequests: 0 });
    const ids = (page: typeof first) => page.data.lookalikes.map((hit) => hit.userId);
    expect(ids(first).some((id) => ids(second).includes(id))).toBe(false);
  });

  it.each(PLATFORMS)('%s report of a known profile: 1 credit', async (platform) => {
    const handle = platform === 'tiktok' ? 'cleocreates' : platform === 'instagram' ? 'cleo.creates' : undefined;
    const target =
      handle ?? (await client.search('youtube', { filter: {} })).data.lookalikes[0]?.profile.username ?? 'missing';
    const { data, cost } = await client.report(platform, target);
    expect((data.profile as { profile: { username: string } }).profile.username).toBe(target);
    expect(cost).toEqual({ credits: 1, rawRequests: 0 });
  });

  it('overlap on Instagram and YouTube: 1 credit, one row per influencer', async () => {
    const { data, cost } = await client.overlap('instagram', ['cleo.creates', 'fjallkaffe']);
    expect(data.data.map((row) => row.username)).toEqual(['cleo.creates', 'fjallkaffe']);
    for (const row of data.data) expect(row.uniquePercentage + row.overlappingPercentage).toBeCloseTo(1, 5);
    expect(cost.credits).toBe(1);
    const youtube = (await client.search('youtube', { filter: {} })).data.lookalikes.slice(0, 3);
    const yt = await client.overlap(
      'youtube',
      youtube.map((hit) => String(hit.profile.username)),
    );
    expect(yt.data.data).toHaveLength(3);
  });

  it.each(PLATFORMS.flatMap((platform) => DICTIONARY_KINDS[platform].map((kind) => [platform, kind] as const)))(
    '%s dictionary %s is free',
    async (platform, kind) => {
      const { data, cost } = await client.dictionary(platform, kind, { limit: 3 });
      expect(cost).toEqual({ credits: 0, rawRequests: 0 });
      const list = Object.values(data).find(Array.isArray) as unknown[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(3);
    },
  );

  it.each(PLATFORMS)('%s performance data: 0.25 credits', async (platform) => {
    const target = (await client.search(platform, { filter: {} })).data.lookalikes[0]?.profile.username ?? '';
    const { data, cost } = await client.performance(platform, target);
    expect(Object.keys(data).length).toBeGreaterThan(0);
    expect(cost.credits).toBe(0.25);
  });

  it('e-mail search: 0.02 credits per matched address', async () => {
    const { data, cost } = await client.emailSearch(['cleo@example.com', 'nobody@example.org']);
    expect(data.matchedEmails.map((match) => match.email)).toEqual(['cleo@example.com']);
    expect(data.matchedEmails[0]?.users.map((user) => user.username).sort()).toEqual(['cleo.creates', 'cleocreates']);
    expect(cost.credits).toBe(0.02);
  });

  it('user info is free and shows the credits spent so far', async () => {
    const { data, cost } = await client.userInfo();
    expect(cost).toEqual({ credits: 0, rawRequests: 0 });
    expect(data.billing.credits).toBeLessThan(3000);
  });

  const rawCases = (Object.keys(RAW_ENDPOINTS) as RawPlatform[]).flatMap((platform) =>
    Object.entries(RAW_ENDPOINTS[platform]).map(([endpoint, spec]) => [platform, endpoint, spec] as const),
  );
  it.each(rawCases)('raw %s/%s answers and costs one raw request', async (platform, endpoint, spec) => {
    const handle = platform === 'tiktok' ? 'cleocreates' : 'cleo.creates';
    const youtube =
      platform === 'youtube' ? (await client.search('youtube', { filter: {} })).data.lookalikes[0] : undefined;
    const values: Record<string, string> = {
      url: youtube?.profile.username ?? handle,
      keyword: 'kaffe',
      hashtag: 'fika',
      code: 'sample',
      comment_id: '1',
    };
    const params = Object.fromEntries((spec.required as readonly string[]).map((name) => [name, values[name] ?? 'x']));
    try {
      const { cost } = await client.raw(platform, endpoint, params);
      expect(cost).toEqual({ credits: 0, rawRequests: 1 });
    } catch (error) {
      // Media and comment ids are made up here: a 404 is a contract answer, and it is billed too.
      expect(error).toBeInstanceOf(ProviderNotFoundError);
      expect((error as ProviderNotFoundError).cost).toEqual({ credits: 0, rawRequests: 1 });
    }
  });
});

describe('errors as the sample provider injects them', () => {
  const cases: [string, new (...args: never[]) => Error, number][] = [
    ['status=400', ProviderBadRequestError, 1],
    ['status=401', ProviderUnauthorizedError, 1],
    ['status=403', ProviderForbiddenError, 1],
    ['status=404', ProviderNotFoundError, 1],
    ['status=429', ProviderRateLimitError, 3],
    ['status=500', ProviderInternalError, 1],
    ['status=502', ProviderBadGatewayError, 3],
    ['status=503', ProviderUnavailableError, 3],
    ['status=418', ProviderHttpError, 1],
    ['malformed', ProviderResponseError, 1],
    ['malformed=shape', ProviderResponseError, 1],
  ];
  it.each(cases)('%s → %o after %i call(s)', async (spec, type, expectedCalls) => {
    fault = spec;
    calls = 0;
    try {
      await expect(client.report('instagram', 'cleo.creates')).rejects.toBeInstanceOf(type);
      expect(calls).toBe(expectedCalls);
    } finally {
      fault = undefined;
    }
  });

  it('a 418 keeps status, status text and body', async () => {
    fault = 'status=418';
    try {
      const error = (await client.userInfo().catch((caught: unknown) => caught)) as ProviderHttpError;
      expect(error.status).toBe(418);
      expect(error.statusText).toBe("I'm a Teapot");
      expect(JSON.parse(error.body)).toMatchObject({ error: true, code: 'teapot' });
    } finally {
      fault = undefined;
    }
  });

  it('a hanging provider and a cancelled call → Request aborted', async () => {
    fault = 'hang';
    try {
      const controller = new AbortController();
      const pending = client.report('instagram', 'fjallkaffe', {}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toBeInstanceOf(ProviderAbortError);
      await expect(pending).rejects.toThrow('Request aborted');
    } finally {
      fault = undefined;
    }
  });

  it('a wrong key → 401 with the provider’s code', async () => {
    const stranger = createProviderClient({ baseUrl, apiKey: 'wrong-key' });
    const error = (await stranger.userInfo().catch((caught: unknown) => caught)) as ProviderUnauthorizedError;
    expect(error).toBeInstanceOf(ProviderUnauthorizedError);
    expect(error.code).toBe('api_token_invalid');
  });

  it('10 identical concurrent report calls reach the provider once', async () => {
    calls = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.report('youtube', 'cleo.creates').catch((e: unknown) => e)),
    );
    expect(calls).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });
});
