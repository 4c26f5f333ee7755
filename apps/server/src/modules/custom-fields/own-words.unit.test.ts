import { describe, expect, it } from 'vitest';
import { anyWord, dayRangeWords, valueWord } from './own-words.ts';

describe('own value words', () => {
  it('names a value by the hex of its first 32 characters', () => {
    expect(valueWord(12, 'AB')).toBe('f12v4142');
    expect(valueWord(3, 'é')).toBe('f3vc3a9');
    expect(valueWord(3, `${'x'.repeat(32)}tail`)).toBe(valueWord(3, `${'x'.repeat(32)}other`));
  });

  it('covers a range of days with whole months, years and centuries', () => {
    expect(dayRangeWords(7, '2024-01-30', '2024-03-02')).toEqual([
      'f7d20240130',
      'f7d20240131',
      'f7m202402',
      'f7d20240301',
      'f7d20240302',
    ]);
    expect(dayRangeWords(7, '2023-12-31', '2025-01-01')).toEqual(['f7d20231231', 'f7y2024', 'f7d20250101']);
    expect(dayRangeWords(7, '2024-05-05', '2024-05-05')).toEqual(['f7d20240505']);
    expect(dayRangeWords(7, '2024-05-06', '2024-05-05')).toEqual([]);
  });

  it('takes a date-time by its day and an open end to the last day there is', () => {
    expect(dayRangeWords(7, '2024-02-28T23:59:00.000Z', '2024-02-29T00:00:00.000Z')).toEqual([
      'f7d20240228',
      'f7d20240229',
    ]);
    const after2030 = dayRangeWords(7, '2030-01-01') ?? [];
    expect(after2030[0]).toBe('f7y2030');
    expect(after2030).toContain('f7c21');
    expect(after2030.at(-1)).toBe('f7c99');
    const before1999 = dayRangeWords(7, undefined, '1999-12-31') ?? [];
    expect(before1999).toEqual(['f7c19']);
  });

  it('covers the widest range in a few hundred words', () => {
    expect(dayRangeWords(7, '1900-01-02', '9999-12-30')?.length).toBeLessThan(400);
    expect(anyWord(['f1', 'f2'])).toBe('"f1" OR "f2"');
  });
});
