import { describe, expect, it } from 'vitest';
import { Coalescer, canonicalJson } from './coalescer.ts';
import { ProviderAbortError } from './errors.ts';

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"x":0,"y":1}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('');
    expect(canonicalJson([3, 1])).toBe('[3,1]');
  });
});

describe('Coalescer', () => {
  it('runs a key once while in flight and forgets it when settled', async () => {
    const coalescer = new Coalescer();
    let runs = 0;
    const task = async () => {
      runs += 1;
      return runs;
    };
    const results = await Promise.all([
      coalescer.run('k', task),
      coalescer.run('k', task),
      coalescer.run('other', task),
    ]);
    expect(results).toEqual([
      { value: 1, shared: false },
      { value: 1, shared: true },
      { value: 2, shared: false },
    ]);
    expect(coalescer.size).toBe(0);
    expect(await coalescer.run('k', task)).toEqual({ value: 3, shared: false });
  });

  it('aborts the shared task only when its last caller leaves', async () => {
    const coalescer = new Coalescer();
    let taskSignal: AbortSignal | undefined;
    let finish: (value: string) => void = () => {};
    const task = (signal: AbortSignal) => {
      taskSignal = signal;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = coalescer.run('k', task, a.signal, 'GET /k');
    const second = coalescer.run('k', task, b.signal, 'GET /k');
    a.abort();
    await expect(first).rejects.toBeInstanceOf(ProviderAbortError);
    expect(taskSignal?.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toThrow('Request aborted');
    expect(taskSignal?.aborted).toBe(true);
    expect(coalescer.size).toBe(0);
    finish('late');
  });
});
