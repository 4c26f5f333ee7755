import { describe, expect, it } from 'vitest';
import { HashedStringSet, hash64, IdRuns } from './compact-sets.ts';

describe('HashedStringSet', () => {
  it('holds what was added, through its growth, and nothing else', () => {
    const set = new HashedStringSet();
    const added = Array.from({ length: 50_000 }, (_, i) => `person.${i}@example.com`);
    for (const key of added) set.add(key);
    set.add('person.7@example.com');
    expect(set.size).toBe(50_000);
    expect(added.every((key) => set.has(key))).toBe(true);
    const absent = Array.from({ length: 50_000 }, (_, i) => `person.${i}@example.org`);
    expect(absent.some((key) => set.has(key))).toBe(false);
    expect(set.has('')).toBe(false);
    set.add('');
    expect(set.has('')).toBe(true);
  });

  it('tells apart keys that differ in one character, case or order', () => {
    const set = new HashedStringSet();
    set.add('ana@example.com');
    for (const other of ['Ana@example.com', 'ana@example.co', 'naa@example.com', 'ana@exampIe.com']) {
      expect(set.has(other)).toBe(false);
    }
  });
});

describe('hash64', () => {
  it('gives 200,000 similar keys distinct hashes, the low half never 0', () => {
    const seen = new Set<string>();
    let zeros = 0;
    for (let i = 0; i < 200_000; i++) {
      const [high, low] = hash64(`existing-${i}@example.com`);
      if (low === 0) zeros++;
      seen.add(`${high}:${low}`);
    }
    expect(zeros).toBe(0);
    expect(seen.size).toBe(200_000);
  });
});

describe('IdRuns', () => {
  it('holds ids added in ascending runs with gaps, and ids added out of order', () => {
    const ids = new IdRuns();
    for (const id of [5, 6, 7, 10, 11, 20, 3, 6]) ids.add(id);
    for (const id of [3, 5, 6, 7, 10, 11, 20]) expect(ids.has(id)).toBe(true);
    for (const id of [0, 1, 2, 4, 8, 9, 12, 19, 21]) expect(ids.has(id)).toBe(false);
  });
});
