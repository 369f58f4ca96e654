// The catalogue's in-process cache: expiry, bounds, and which entry goes first when it is full.
import { describe, expect, it } from 'vitest';
import { TtlLru } from './search-cache.ts';

describe('TtlLru', () => {
  it('forgets an entry once it has expired', () => {
    const cache = new TtlLru(10);
    cache.set('a', 1, 100);
    expect(cache.get('a', 100)).toBe(1);
    expect(cache.get('a', 101)).toBeUndefined();
  });

  it('drops the least recently used first, keeping an entry that is read often', () => {
    const cache = new TtlLru(4);
    cache.set('hot', 'h', 1000);
    for (let i = 0; i < 40; i++) {
      cache.set(`k${i}`, i, 1000);
      expect(cache.get('hot', 0)).toBe('h');
    }
    // The four kept: the hot one and the three newest.
    expect(['hot', 'k37', 'k38', 'k39'].map((k) => cache.get(k, 0))).toEqual(['h', 37, 38, 39]);
    expect(cache.get('k36', 0)).toBeUndefined();
  });

  it('moves an entry read from its older half to the newest end, so the next one dropped is another', () => {
    const cache = new TtlLru(4);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, k, 1000);
    expect(cache.get('a', 0)).toBe('a'); // three were put after it: older half
    cache.set('e', 'e', 1000);
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => cache.get(k, 0))).toEqual(['a', undefined, 'c', 'd', 'e']);
  });

  it('keeps within its byte bound, the newest entry always', () => {
    const cache = new TtlLru(100, 10);
    cache.set('a', 'a', 1000, 4);
    cache.set('b', 'b', 1000, 4);
    cache.set('c', 'c', 1000, 4);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([undefined, 'b', 'c']);
    cache.set('big', 'big', 1000, 50);
    expect([cache.get('b', 0), cache.get('c', 0), cache.get('big', 0)]).toEqual([undefined, undefined, 'big']);
  });
});
