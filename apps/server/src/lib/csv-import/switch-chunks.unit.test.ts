import { describe, expect, it } from 'vitest';
import { SwitchChunks } from './switch-chunks.ts';

describe('SwitchChunks', () => {
  it('starts at the first size, then takes as many rows as fit the budget at the rate measured', () => {
    const chunks = new SwitchChunks(30, 100, 25);
    expect(chunks.size()).toBe(100);
    chunks.observe(100, 10); // 10 rows a millisecond
    expect(chunks.size()).toBe(300);
    chunks.observe(300, 60); // slower: 5 a millisecond, taken at once
    expect(chunks.size()).toBe(150);
    chunks.observe(150, 10); // faster: 15 a millisecond, the rate moves halfway to it
    expect(chunks.size()).toBe(300);
    chunks.observe(10, 1000); // a transaction that waited: never under the least
    expect(chunks.size()).toBe(25);
  });

  it('hands every row once, in order, in chunks of at most the size given and never past the batch', async () => {
    const chunks = new SwitchChunks(30, 100, 25);
    const rows = Array.from({ length: 500 }, (_, i) => i);
    const seen: number[][] = [];
    let pauses = 0;
    const clock = [5, 1, 1, 1, 1, 1];
    const realNow = performance.now.bind(performance);
    let now = 0;
    performance.now = () => now;
    try {
      await chunks.each(
        rows,
        async (chunk) => {
          seen.push(chunk);
          now += clock.shift() ?? 1;
        },
        () => {
          pauses++;
        },
      );
    } finally {
      performance.now = realNow;
    }
    expect(seen.flat()).toEqual(rows);
    expect(seen.map((c) => c.length)).toEqual([100, 400]);
    expect(pauses).toBe(seen.length);
  });
});
