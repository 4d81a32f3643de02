import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createSampleProvider } from './app.ts';
import { ErrorBodySchema, UserInfoResponseSchema } from './contract.ts';
import { FaultSpecError, parseFaults } from './faults.ts';
import { call, TEST_KEY } from './test-support.ts';

const app = createSampleProvider({ size: 300 });
const withFault = (fault: string, path = '/user/info') =>
  call(app, 'GET', path, undefined, { 'x-sample-fault': fault });

describe('parseFaults', () => {
  it('reads every kind and rejects anything else', () => {
    expect(parseFaults('latency=300, status=503,rate=0.5,malformed')).toEqual({
      latencyMs: 300,
      status: 503,
      rate: 0.5,
      malformed: 'json',
    });
    expect(parseFaults('hang')).toEqual({ hang: true });
    expect(parseFaults('malformed=shape,status=409,code=retry_later')).toEqual({
      malformed: 'shape',
      status: 409,
      code: 'retry_later',
    });
    for (const bad of ['latency=-1', 'status=200', 'rate=2', 'explode', 'hang=1', 'code=Bad Code'])
      expect(() => parseFaults(bad)).toThrow(FaultSpecError);
  });

  it('refuses to start with a bad process-wide spec', () => {
    expect(() => createSampleProvider({ faults: 'status=abc' })).toThrow(FaultSpecError);
  });
});

describe('the x-sample-fault header', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'api_token_invalid'],
    [403, 'not_enough_credits'],
    [404, 'handle_not_found'],
    [418, 'teapot'],
    [500, 'internal_server_error'],
    [502, 'bad_gateway'],
    [503, 'service_unavailable'],
  ])('status=%i answers the provider error body with code %s', async (status, code) => {
    const answer = await withFault(`status=${status}`);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: true, code, message: `Injected fault: status ${status}.` });
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('status=429 adds Retry-After: 1', async () => {
    const answer = await withFault('status=429');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(ErrorBodySchema.parse(answer.body).code).toBe('rate_limited');
  });

  it('code= overrides the error code', async () => {
    const answer = await withFault('status=409,code=retry_later', '/instagram/performance-data?url=x');
    expect(answer.status).toBe(409);
    expect(ErrorBodySchema.parse(answer.body).code).toBe('retry_later');
  });

  it('malformed answers 200 with a body that is not JSON; malformed=shape with JSON of the wrong shape', async () => {
    const broken = await app.request('/instagram/search', {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'x-sample-fault': 'malformed' },
      body: '{}',
    });
    expect(broken.status).toBe(200);
    expect(broken.headers.get('content-type')).toContain('application/json');
    await expect(broken.json()).rejects.toThrow();
    const shape = await withFault('malformed=shape', '/user/info');
    expect(shape.status).toBe(200);
    expect(UserInfoResponseSchema.safeParse(shape.body).success).toBe(false);
  });

  it('latency delays the normal answer', async () => {
    const started = performance.now();
    const answer = await withFault('latency=150');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(UserInfoResponseSchema.parse(answer.body).billing.credits).toBe(3000);
  });

  it('hang never answers until the client aborts', async () => {
    const controller = new AbortController();
    let settled = false;
    const pending = Promise.resolve(
      app.request('/user/info', {
        headers: { authorization: `Bearer ${TEST_KEY}`, 'x-sample-fault': 'hang' },
        signal: controller.signal,
      }),
    ).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    controller.abort();
    await pending.catch(() => undefined);
    expect(settled).toBe(true);
  });

  it('rate applies the fault to that share of requests, deterministically', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await withFault('status=503,rate=0.5')).status);
    expect(statuses).toEqual([200, 503, 200, 503, 200, 503]);
    const never = await withFault('status=503,rate=0');
    expect(never.status).toBe(200);
  });

  it('answers 400 for an unknown fault in the header', async () => {
    const answer = await withFault('explode');
    expect(answer.status).toBe(400);
    expect(ErrorBodySchema.parse(answer.body).code).toBe('bad_request');
  });

  it('costs no credits when a fault answers instead of the handler', async () => {
    const fresh = createSampleProvider({ size: 300 });
    await call(fresh, 'GET', '/instagram/profile/cleo.creates/report', undefined, { 'x-sample-fault': 'status=503' });
    const info = await call(fresh, 'GET', '/user/info');
    expect(UserInfoResponseSchema.parse(info.body).billing.credits).toBe(3000);
  });
});

describe('the process-wide faults option', () => {
  it('applies to every request, and a request header takes precedence', async () => {
    const faulty = createSampleProvider({ size: 300, faults: 'status=502' });
    expect((await call(faulty, 'GET', '/user/info')).status).toBe(502);
    expect((await call(faulty, 'GET', '/user/info', undefined, { 'x-sample-fault': 'latency=0' })).status).toBe(200);
  });

  it('hangs real HTTP requests until the client gives up, and keeps serving others', async () => {
    const server = serve({
      fetch: createSampleProvider({ size: 300, faults: 'hang,rate=0.5' }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { authorization: `Bearer ${TEST_KEY}` };
    try {
      const first = await fetch(`${base}/user/info`, { headers });
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      const started = performance.now();
      const hung = fetch(`${base}/user/info`, { headers, signal: AbortSignal.timeout(300) });
      await expect(hung).rejects.toThrow();
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      const third = await fetch(`${base}/user/info`, { headers });
      expect(third.status).toBe(200);
      await third.arrayBuffer();
    } finally {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
