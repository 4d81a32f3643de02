import { describe, expect, it } from 'vitest';
import { ProviderAbortError } from './errors.ts';
import { createFakeTime, createManualTime } from './fake-time.ts';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  it('lets the first caller through at once and spaces the rest evenly, first come first served', async () => {
    const time = createFakeTime(0);
    const limiter = new RateLimiter({ perSecond: 4, now: time.now, sleep: time.sleep });
    const order: [string, number][] = [];
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => limiter.acquire().then(() => order.push([name, time.now()]))));
    expect(order).toEqual([
      ['a', 0],
      ['b', 250],
      ['c', 500],
      ['d', 750],
    ]);
  });

  it('does not wait when calls are already far enough apart', async () => {
    const time = createFakeTime(0);
    const limiter = new RateLimiter({ perSecond: 2, now: time.now, sleep: time.sleep });
    await limiter.acquire();
    await time.sleep(600);
    await limiter.acquire();
    expect(time.sleeps).toEqual([600]);
  });

  it('removes a caller that aborts while queued and keeps serving the others', async () => {
    const time = createManualTime(0);
    const limiter = new RateLimiter({ perSecond: 1, now: time.now, sleep: time.sleep });
    await limiter.acquire();
    const leaving = new AbortController();
    const aborted = limiter.acquire(leaving.signal, 'GET /x');
    const staying = limiter.acquire();
    expect(limiter.queued).toBe(2);
    leaving.abort();
    await expect(aborted).rejects.toBeInstanceOf(ProviderAbortError);
    await expect(aborted).rejects.toThrow('Request aborted');
    expect(limiter.queued).toBe(1);
    time.releaseAll();
    await staying;
    expect(time.now()).toBe(1000);
    expect(limiter.queued).toBe(0);
  });

  it('refuses an already aborted signal without queueing', async () => {
    const limiter = new RateLimiter({ perSecond: 1 });
    await expect(limiter.acquire(AbortSignal.abort())).rejects.toThrow('Request aborted');
    expect(limiter.queued).toBe(0);
  });

  it('needs a positive rate', () => {
    expect(() => new RateLimiter({ perSecond: 0 })).toThrow(RangeError);
  });
});
