import { describe, expect, it } from 'vitest';
import { BoundedCache, lastUsed, perOwner } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('drops the least recently used entries once over its bytes, a read counting as a use', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect([cache.size, cache.bytes]).toEqual([2, 8]);
  });

  it('drops the oldest entries once over its count, and replaces an entry in place of adding one', () => {
    const cache = new BoundedCache<number>(Number.POSITIVE_INFINITY, 2);
    cache.set('a', 1, 0);
    cache.set('a', 2, 5);
    expect([cache.size, cache.bytes, cache.get('a')]).toEqual([1, 5, 2]);
    cache.set('b', 3, 1);
    cache.set('c', 4, 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.bytes]).toEqual([undefined, 3, 4, 2]);
  });

  it('keeps nothing larger than its whole budget, and forgets on delete and clear', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('huge', 'x', 11);
    expect([cache.get('huge'), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
    cache.set('a', 'A', 3);
    cache.set('b', 'B', 3);
    cache.delete('a');
    cache.delete('missing');
    expect([cache.get('a'), cache.get('b'), cache.bytes]).toEqual([undefined, 'B', 3]);
    cache.clear();
    expect([cache.get('b'), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
  });
});

describe('perOwner', () => {
  it('makes one value per owner, on first use', () => {
    let made = 0;
    const of = perOwner(() => ({ n: ++made }));
    const [one, two] = [{}, {}];
    expect([of(one), of(one), of(two), made]).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }, 2]);
    expect(of(one)).toBe(of(one));
  });
});

describe('lastUsed', () => {
  it('makes a value once per key while the key is among the last used, undefined included', () => {
    const made: string[] = [];
    const of = lastUsed<string | undefined>(2);
    const make = (key: string) => () => {
      made.push(key);
      return key === 'none' ? undefined : key.toUpperCase();
    };
    expect([of('a', make('a')), of('none', make('none')), of('a', make('a')), of('none', make('none'))]).toEqual([
      'A',
      undefined,
      'A',
      undefined,
    ]);
    // A third key pushes out the least recently used ('a'), which is then made again.
    expect([of('b', make('b')), of('none', make('none')), of('a', make('a'))]).toEqual(['B', undefined, 'A']);
    expect(made).toEqual(['a', 'none', 'b', 'a']);
  });
});
