import { describe, expect, it } from 'vitest';
import { packFields, unpackValues, valuesPatch } from './own-values-json.ts';

const row = (field_id: number, ord: number, v: { text?: string; num?: number; long?: string }) => ({
  field_id,
  ord,
  v_text: v.long === undefined ? (v.text ?? null) : v.long.slice(0, 200),
  v_num: v.num ?? null,
  v_long: v.long ?? null,
});

describe('own values packed on the row', () => {
  const long = 'x'.repeat(250);
  const rows = [
    row(3, 1, { text: 'a' }),
    row(1, 0, { num: 0 }),
    row(3, 0, { text: 'c' }),
    row(2, 0, { long }),
    row(4, 0, { num: 12.5 }),
  ];

  it('packs each field as its values in order, and unpacks to the same rows', () => {
    const packed = packFields(rows);
    expect(packed).toEqual({ 1: [0], 2: [{ l: long }], 3: ['c', 'a'], 4: [12.5] });
    const sorted = [...rows].sort((a, b) => a.field_id - b.field_id || a.ord - b.ord);
    expect(unpackValues(packed)).toEqual(sorted);
    expect(unpackValues(JSON.stringify(packed))).toEqual(sorted);
    expect(unpackValues(null)).toEqual([]);
  });

  it('patches the fields replaced: those left without a value are removed', () => {
    expect(valuesPatch([1, 3, 9], [row(3, 0, { text: 'b' })])).toEqual({
      removed: ['1', '9'],
      set: { 3: ['b'] },
    });
    expect(valuesPatch([], [])).toEqual({ removed: [], set: {} });
  });
});
