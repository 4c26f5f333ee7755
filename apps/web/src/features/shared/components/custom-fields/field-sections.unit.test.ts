import { describe, expect, it } from 'vitest';
import { fieldSections, moved, sectionNames, sectionOrder } from './field-sections.ts';

const f = (id: number, position: number, section: string | null) => ({ id, position, section });

describe('fieldSections', () => {
  it('groups fields by section, ordered by each section first field', () => {
    const sections = fieldSections([f(1, 3, 'Billing'), f(2, 0, null), f(3, 1, 'Billing'), f(4, 2, 'Sales')]);
    expect(sections.map((s) => [s.name, s.fields.map((x) => x.id)])).toEqual([
      [null, [2]],
      ['Billing', [3, 1]],
      ['Sales', [4]],
    ]);
    expect(sectionOrder(sections).map((x) => x.id)).toEqual([2, 3, 1, 4]);
  });

  it('moves within bounds only and lists names once', () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(sectionNames([f(1, 0, 'b'), f(2, 1, null), f(3, 2, 'a'), f(4, 3, 'b')])).toEqual(['a', 'b']);
  });
});
