import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../daemon/pipeline/language/bounded-cache.js';

describe('BoundedCache (issue 27, item 7)', () => {
  it('holds at most its limit, dropping the least recently used first', () => {
    const c = new BoundedCache<string, number | null>(3);
    c.set('a', 1);
    c.set('b', null); // a cached "nothing" is a hit too
    c.set('c', 3);
    expect(c.get('a')).toBe(1); // a is now the most recent
    c.set('d', 4);
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c'), c.get('d')]).toEqual([1, 3, 4]);
    c.set('c', 30); // replacing does not grow it
    expect(c.size).toBe(3);
    expect(c.get('c')).toBe(30);
  });
});
