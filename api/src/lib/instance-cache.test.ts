import { describe, expect, it } from 'vitest';
import { InstanceCache } from './instance-cache.ts';

describe('InstanceCache', () => {
  it('does not store what was read before a change was announced', () => {
    const cache = new InstanceCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    const ticket = cache.ticket();
    // A lookup is under way; meanwhile the row it reads is announced changed.
    cache.delete('session-1');
    expect(cache.set('session-1', 'the row before the change', ticket)).toBe(false);
    expect(cache.get('session-1')).toBeUndefined();
    expect(cache.set('session-1', 'the row after the change', cache.ticket())).toBe(true);
    expect(cache.get('session-1')).toBe('the row after the change');
  });

  it('trusts an entry for maxAgeMs only, and holds nothing with 0', () => {
    const cache = new InstanceCache<string>({ maxEntries: 10, maxAgeMs: 1_000 });
    cache.set('k', 'v', cache.ticket(), { now: 5_000 });
    expect(cache.get('k', 5_999)).toBe('v');
    expect(cache.get('k', 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);

    const off = new InstanceCache<string>({ maxEntries: 10, maxAgeMs: 0 });
    expect(off.enabled).toBe(false);
    expect(off.set('k', 'v', off.ticket())).toBe(false);
    expect(off.get('k')).toBeUndefined();
  });

  it("drops a group at once (a user's sessions), and only that group", () => {
    const cache = new InstanceCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.set('s1', 'ada', cache.ticket(), { group: 'ada' });
    cache.set('s2', 'ada', cache.ticket(), { group: 'ada' });
    cache.set('s3', 'bo', cache.ticket(), { group: 'bo' });
    cache.deleteGroup('ada');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, undefined, 'bo']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('lets the longest-held entries go past its entry and byte limits', () => {
    const cache = new InstanceCache<string>({ maxEntries: 3, maxAgeMs: 60_000, maxBytes: 100 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, cache.ticket(), { bytes: 10 });
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key))).toEqual([undefined, 'b', 'c', 'd']);
    // 30 bytes held; 85 more fit only once b and c are gone.
    cache.set('big', 'big', cache.ticket(), { bytes: 85 });
    expect(['b', 'c', 'd', 'big'].map((key) => cache.get(key))).toEqual([undefined, undefined, 'd', 'big']);
    expect(cache.size).toBe(2);
  });
});
