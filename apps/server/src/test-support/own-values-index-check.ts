import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { unpackValues } from '../modules/custom-fields/own-values-json.ts';
import { fillOwnWords } from '../modules/custom-fields/own-words-filler.ts';
import {
  candidatesUpTo,
  recordIdsWithValues,
  type ValueStart,
} from '../modules/custom-fields/value-first.repository.ts';

const KINDS = [
  ['customer', 'customers'],
  ['deal', 'deals'],
] as const;

/**
 * Where the reads that start from a value disagree with the records' `own_values` in these
 * companies (decision 127): a text value whose holder the index (SQLite's words and the records
 * above their mark, PostgreSQL's GIN) does not find, by its value and (a date) by its day, for
 * the first 50 values of a field; a record holding a field that the walk by id
 * (recordIdsWithValues) does not list, or listed and not holding it. Also how many records hold
 * values, so a check over no values cannot pass unnoticed.
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
      // Each text value asked once, with every record holding it; a date also by its day. The
      // first 50 of each field: an import's thousand rows of their own values would be a
      // thousand lookups.
      const byText = new Map<string, { start: ValueStart; ids: number[] }>();
      const asked = new Map<number, number>();
      const ask = (start: ValueStart, id: number) => {
        const key = JSON.stringify(start);
        if (!byText.has(key)) {
          if ((asked.get(start.fieldId) ?? 0) >= 50) return;
          asked.set(start.fieldId, (asked.get(start.fieldId) ?? 0) + 1);
        }
        const entry = byText.get(key) ?? { start, ids: [] };
        entry.ids.push(id);
        byText.set(key, entry);
      };
      for (const { id, own_values } of records) {
        const rows = unpackValues(own_values as never).filter((r) => held.has(r.field_id));
        if (rows.length) holders++;
        for (const row of rows) {
          held.get(row.field_id)?.add(id);
          if (row.v_text === null || row.v_long !== null) continue;
          ask({ fieldId: row.field_id, values: [row.v_text] }, id);
          if (/^\d{4}-\d{2}-\d{2}/.test(row.v_text))
            ask({ fieldId: row.field_id, from: row.v_text, to: row.v_text }, id);
        }
      }
      for (const { start, ids } of byText.values()) {
        // Undefined: no index for it on this engine (a range of days on PostgreSQL).
        const found = await candidatesUpTo(db, companyId, kind, start, 1_000_000);
        const missed = found ? ids.filter((id) => !found.includes(id)) : [];
        if (missed.length) mismatches.push(`${kind} ${missed.join(',')}: ${JSON.stringify(start)} not found`);
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
  for (const pass of ['as left', 'filled']) {
    const { mismatches, holders } = await ownValuesIndexMismatches(db, companies);
    expect(mismatches).toEqual([]);
    expect(holders).toBeGreaterThan(0);
    // PostgreSQL's GIN has nothing to fill: the second look would be the first again.
    if (pass === 'filled' || dialectOf(db) !== 'sqlite') return;
    await fillOwnWords(db);
  }
}
