import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

/** A refused row lists every reason it failed, not only the first. */
let t: TestApp;
let ana: string;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  acme = await t.company('Acme', [0, 2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

const importCsv = (csv: string, query = '') =>
  t.call(ana, {
    method: 'POST',
    url: `/api/companies/${acme}/customers/import?${query}`,
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });

describe('import report reasons', () => {
  it('lists every field that failed in a row, and every reason of a field', async () => {
    const csv = [
      'name,email,status,owner_email,website',
      // no name, a bad e-mail, an unknown status, an owner who is not a member, and one cell too many
      ',not-an-email,weird,nobody@example.com,,extra',
      'Fine,fine@example.com,lead,,',
    ].join('\n');
    const dry = await importCsv(csv, 'dry_run=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ rows: 2, imported: 1, rejected: 1 });
    expect(dry.json().data.errors).toEqual(report.errors);
    expect(report.errors).toHaveLength(1);
    const [row] = report.errors;
    expect(row.line).toBe(2);
    expect(Object.keys(row.reasons).sort()).toEqual(['email', 'name', 'owner_email', 'row', 'status']);
    expect(row.reasons.row).toEqual(['too_many_columns']);
    expect(row.reasons.owner_email).toEqual(['not_member']);
    for (const codes of Object.values(row.reasons) as string[][]) expect(codes.length).toBeGreaterThan(0);
    const names = (await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/customers?limit=100` }))
      .json()
      .data.items.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Fine']);
  });
});
