import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { unpackValues } from '../modules/custom-fields/own-values-json.ts';

/**
 * Where a record's `own_values` differs from its value rows in these companies (decision 126,
 * step 1: every write keeps the two equal), each as "kind id: what the row says / what the rows
 * say"; and how many records hold values, so a check over no values cannot pass unnoticed. Keys
 * of purged fields may stay on the row (no read takes them): they are left out.
 */
const shown = (r: {
  field_id: number;
  ord: number;
  v_text: string | null;
  v_num: unknown;
  v_long: string | null;
}) => JSON.stringify([r.field_id, r.ord, r.v_text, r.v_num === null ? null : Number(r.v_num), r.v_long]);

export async function ownValuesMismatches(
  db: Database,
  companyIds: readonly number[],
): Promise<{ mismatches: string[]; holders: number }> {
  const mismatches: string[] = [];
  let holders = 0;
  for (const [kind, table, values] of [
    ['customer', 'customers', 'customer_field_values'],
    ['deal', 'deals', 'deal_field_values'],
  ] as const) {
    for (const companyId of companyIds) {
      const fields = new Set(
        (await db.selectFrom('custom_fields').select('id').where('company_id', '=', companyId).execute()).map(
          (f) => f.id,
        ),
      );
      const rows = await db
        .selectFrom(values)
        .select(['record_id', 'field_id', 'ord', 'v_text', 'v_num', 'v_long'])
        .where('company_id', '=', companyId)
        .orderBy('record_id')
        .orderBy('field_id')
        .orderBy('ord')
        .execute();
      const byRecord = new Map<number, string[]>();
      for (const row of rows) {
        const list = byRecord.get(row.record_id) ?? [];
        list.push(shown(row));
        byRecord.set(row.record_id, list);
      }
      const records = await db
        .selectFrom(table)
        .select(['id', 'own_values'])
        .where('company_id', '=', companyId)
        .execute();
      for (const { id, own_values } of records) {
        const packed = unpackValues(own_values as never)
          .filter((row) => fields.has(row.field_id))
          .map(shown);
        const expected = byRecord.get(id) ?? [];
        if (expected.length) holders++;
        if (JSON.stringify(packed) !== JSON.stringify(expected))
          mismatches.push(`${kind} ${id}: ${packed.join(' ')} / ${expected.join(' ')}`);
      }
    }
  }
  return { mismatches, holders };
}

/**
 * The check a test file's writes end with: in every company of its database, no record's
 * `own_values` differs from its rows, and some records hold values.
 */
export async function expectOwnValuesOnTheRow(db: Database): Promise<void> {
  const companies = (await db.selectFrom('companies').select('id').execute()).map((r) => r.id);
  const { mismatches, holders } = await ownValuesMismatches(db, companies);
  expect(mismatches).toEqual([]);
  expect(holders).toBeGreaterThan(0);
}
