import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { unpackValues } from '../modules/custom-fields/own-values-json.ts';
import { fillOwnWords } from '../modules/custom-fields/own-words-filler.ts';
import { candidatesUpTo, recordIdsWithValues } from '../modules/custom-fields/value-first.repository.ts';

const KINDS = [
  ['customer', 'customers'],
  ['deal', 'deals'],
] as const;

/**
 * Where the index of own values (SQLite's words and the records above their mark, PostgreSQL's
 * GIN; decision 127) disagrees with the records' `own_values` in these companies: a record holding a field
 * that the index does not list, or listed and not holding it; a text value whose holder the
 * index does not find, by its value and (a date) by its day. Also how many records hold values,
 * so a check over no values cannot pass unnoticed.
 */
export async function ownValuesIndexMismatches(
  db: Database,
  companyIds: readonly number[],
): Promise<{ mismatches: string[]; holders: number }> {
  const mismatches: string[] = [];
  let holders = 0;
  for (const [kind, table] of KINDS) {
    for (const companyId of companyIds) {
      const fieldIds = (
        await db
          .selectFrom('custom_fields')
          .select('id')
          .where('company_id', '=', companyId)
          .where('record', '=', kind)
          .execute()
      ).map((f) => f.id);
      const records = await db
        .selectFrom(table)
        .select(['id', 'own_values'])
        .where('company_id', '=', companyId)
        .execute();
      const held = new Map<number, Set<number>>(fieldIds.map((id) => [id, new Set()]));
      for (const { id, own_values } of records) {
        const rows = unpackValues(own_values as never).filter((r) => held.has(r.field_id));
        if (rows.length) holders++;
        for (const row of rows) {
          held.get(row.field_id)?.add(id);
          if (row.v_text === null || row.v_long !== null) continue;
          const start = { fieldId: row.field_id, values: [row.v_text] };
          const byValue = await candidatesUpTo(db, companyId, kind, start, 1_000_000);
          if (!byValue?.includes(id))
            mismatches.push(`${kind} ${id}: "${row.v_text}" not found by its value`);
          if (!/^\d{4}-\d{2}-\d{2}/.test(row.v_text)) continue;
          const day = { fieldId: row.field_id, from: row.v_text, to: row.v_text };
          const byDay = await candidatesUpTo(db, companyId, kind, day, 1_000_000);
          if (byDay && !byDay.includes(id))
            mismatches.push(`${kind} ${id}: ${row.v_text} not found by its day`);
        }
      }
      for (const [fieldId, ids] of held) {
        const listed = await recordIdsWithValues(db, companyId, kind, [fieldId], 0, 1_000_000);
        const want = [...ids].sort((a, b) => a - b);
        if (JSON.stringify(listed) !== JSON.stringify(want))
          mismatches.push(`${kind} field ${fieldId}: listed ${listed.join(',')} / held ${want.join(',')}`);
      }
    }
  }
  return { mismatches, holders };
}

/**
 * The check a test file's writes end with: in every company of its database, the index of own
 * values agrees with the records' `own_values`, and some records hold values. On SQLite it looks
 * twice: with the records made since the last fill read from their rows, then with all of them
 * in the words (fillOwnWords).
 */
export async function expectOwnValuesIndexed(db: Database): Promise<void> {
  const companies = (await db.selectFrom('companies').select('id').execute()).map((r) => r.id);
  for (const _pass of ['as left', 'filled']) {
    const { mismatches, holders } = await ownValuesIndexMismatches(db, companies);
    expect(mismatches).toEqual([]);
    expect(holders).toBeGreaterThan(0);
    await fillOwnWords(db);
  }
}
