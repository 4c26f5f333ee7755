import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pgArray } from './pg-array.ts';

// The client's own serialisation of an array parameter, which pgArray must equal.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue: (v: unknown) => string;
};

describe('pgArray', () => {
  it('writes the literal the pg client writes for the same array', () => {
    const samples: unknown[][] = [
      [],
      [null],
      ['plain', 'with "quotes"', 'back\\slash', 'both \\"', '', 'NULL', 'comma, {brace}', 'čćž đ'],
      [1, 0, -7, 2.5, null, 12345678901],
      [true, false, null],
      ['2026-12-02T15:00:00.000Z', undefined, '["a","b"]'],
      Array.from({ length: 128 }, (_, c) => `a${String.fromCharCode(c)}b`),
    ];
    for (const sample of samples) expect(pgArray(sample)).toBe(prepareValue(sample));
  });

  it('refuses what is not a scalar', () => {
    expect(() => pgArray([new Date()])).toThrow();
    expect(() => pgArray([{ a: 1 }])).toThrow();
  });
});
