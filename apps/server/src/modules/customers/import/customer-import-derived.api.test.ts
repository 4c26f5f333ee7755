import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../../test-support/two-companies.ts';
import { derivedColumns } from '../customer-derived-columns.ts';
import type { EditableCustomer } from '../customer-dto.ts';

/**
 * A file of more than one batch has its rows' derived columns made on a thread ahead of the
 * writer (docs/decisions/121-import-derived-columns-on-a-thread.md): every saved customer holds
 * the sort name, search words and match keys a create of the same fields would have made.
 */

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

const NAMES = ['Ana Horvat', 'Đurđa Šimić-Žagar', 'KONTORA d.o.o.', "O'Brien Ltd", 'Zoë  Ünal'];
const TOWNS = ['"Ilica 1, 10000 Zagreb"', '"Baker St. 221b, London"', 'Split', ''];

function file(rows: number): string {
  let text = 'name,type,email,phone,address,country\n';
  for (let i = 0; i < rows; i++) {
    const type = i % 3 ? 'person' : 'organisation';
    const phone = i % 4 ? `091 ${String(1000000 + i)}` : '';
    text += `${NAMES[i % NAMES.length]} ${i},${type},row${i}@example.com,${phone},${TOWNS[i % TOWNS.length]},HR\n`;
  }
  return text;
}

describe('an import of several batches', () => {
  it('saves every row with the derived columns its fields make', async () => {
    const rows = 1_234;
    const res = await t.call(c.ana.token, {
      method: 'POST',
      url: `/api/companies/${c.acme}/customers/import`,
      payload: file(rows),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: rows, rejected: 0 });
    const saved = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('company_id', '=', c.acme)
      .orderBy('id')
      .execute();
    expect(saved.length).toBe(rows);
    for (const row of saved) {
      const { sort_name, search_text, phone_key, name_key, town_key } = row;
      expect({ sort_name, search_text, phone_key, name_key, town_key }).toEqual(
        derivedColumns(row as unknown as EditableCustomer),
      );
    }
  });
});
