import { describe, expect, it } from 'vitest';
import { ComputeCache } from './compute-cache.ts';

describe('ComputeCache', () => {
  it('computes once per key, also for concurrent callers', async () => {
    const cache = new ComputeCache<number>({ maxEntries: 5, maxWeight: 100 });
    let calls = 0;
    const compute = async () => {
      calls++;
      return 42;
    };
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, await cache.get('k', compute)]).toEqual([42, 42, 42]);
    expect(calls).toBe(1);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new ComputeCache<string>({ maxEntries: 2, maxWeight: 100 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a again'); // a is now the most recent
    await cache.get('c', async () => 'c');
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('evicts by weight, but always keeps the newest entry', async () => {
    const cache = new ComputeCache<number[]>({ maxEntries: 10, maxWeight: 5 }, (rows) => rows.length);
    await cache.get('small', async () => [1, 2]);
    await cache.get('big', async () => [1, 2, 3, 4, 5, 6]);
    expect(cache.has('small')).toBe(false);
    expect(cache.has('big')).toBe(true);
  });

  it('does not keep a failed computation', async () => {
    const cache = new ComputeCache<number>({ maxEntries: 5, maxWeight: 100 });
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.has('k')).toBe(false);
    expect(await cache.get('k', async () => 1)).toBe(1);
  });
});
