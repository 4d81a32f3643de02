import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, prefetchGet } from './api-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch that answers every GET with `{ data: <n> }`, n counting the requests; the calls it saw. */
function stubApi(): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${path}`);
    return new Response(JSON.stringify({ data: calls.length }), { headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

describe('prefetchGet (ADR 034)', () => {
  it('hands the early answer to the first GET of the same path, once', async () => {
    const calls = stubApi();
    prefetchGet('/api/home');
    prefetchGet('/api/home');
    expect(await apiFetch('/api/home', { signal: new AbortController().signal })).toEqual({ data: 1 });
    expect(await apiFetch('/api/home')).toEqual({ data: 2 });
    expect(calls).toEqual(['GET /api/home', 'GET /api/home']);
  });

  it('is not taken by another method or another path', async () => {
    const calls = stubApi();
    prefetchGet('/api/campaigns?pageSize=12&page=1');
    expect(await apiFetch('/api/campaigns?pageSize=12&page=2')).toEqual({ data: 2 });
    expect(await apiFetch('/api/campaigns?pageSize=12&page=1', { method: 'POST', json: {} })).toEqual({ data: 3 });
    expect(await apiFetch('/api/campaigns?pageSize=12&page=1', { method: 'get' })).toEqual({ data: 1 });
    expect(calls).toEqual([
      'GET /api/campaigns?pageSize=12&page=1',
      'GET /api/campaigns?pageSize=12&page=2',
      'POST /api/campaigns?pageSize=12&page=1',
    ]);
  });

  it('asks again when the early answer is older than ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubApi();
    prefetchGet('/api/categories');
    vi.setSystemTime(Date.now() + 10_001);
    expect(await apiFetch('/api/categories')).toEqual({ data: 2 });
    expect(calls).toEqual(['GET /api/categories', 'GET /api/categories']);
  });

  it('gives the early request’s failure to the page that takes it', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    prefetchGet('/api/discovery/status');
    await expect(apiFetch('/api/discovery/status')).rejects.toEqual({
      statusCode: 0,
      code: 'network',
      message: 'errors.network',
    });
  });
});
