import { describe, expect, it } from 'vitest';
import { inList } from './in-list.ts';

describe('inList', () => {
  it('pads to a power of two with the last value, keeping the values in order', () => {
    expect(inList([])).toEqual([]);
    expect(inList([7])).toEqual([7]);
    expect(inList([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(inList(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(inList(Array.from({ length: 513 }, (_, i) => i))).toHaveLength(1024);
  });
});
