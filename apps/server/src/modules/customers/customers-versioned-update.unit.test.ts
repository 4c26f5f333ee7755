import { describe, expect, it } from 'vitest';
import { statementGroups } from './customers-versioned-update.repository.ts';

const at = '2026-12-02T08:00:00.000Z';

describe('statementGroups', () => {
  it('puts rows setting the same columns in one statement, a customer at most once a statement', () => {
    const groups = statementGroups([
      { id: 1, version: 3, patch: { name: 'A', updated_at: at } },
      { id: 2, version: 1, patch: { updated_at: at, name: 'B' } },
      { id: 3, version: 1, patch: { notes: 'n', updated_at: at, email: undefined } },
      { id: 1, version: 4, patch: { name: 'A2', updated_at: at } },
    ]);
    expect(groups.map((g) => [g.columns, g.rows.map((r) => [r.id, r.version])])).toEqual([
      [
        ['name', 'updated_at'],
        [
          [1, 3],
          [2, 1],
        ],
      ],
      [['notes', 'updated_at'], [[3, 1]]],
      // The second change of customer 1 comes after the first, at the version the first made.
      [['name', 'updated_at'], [[1, 4]]],
    ]);
  });
});
