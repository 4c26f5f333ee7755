import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/** Who added, changed, archived or deleted which field is in the company's audit log, with before and after. */
let t: TestApp;
let c: TwoCompanies;
const fields = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

const auditOf = (company: number) =>
  t.ctx.db
    .selectFrom('audit_entries')
    .select(['action', 'entity_id', 'actor_id', 'before', 'after'])
    .where('company_id', '=', company)
    .where('entity', '=', 'custom_field')
    .orderBy('id')
    .execute();

describe('field definitions in the audit log', () => {
  it('records create, change, archive and delete; a refused change records nothing', async () => {
    const made = await t.call(c.ana.token, {
      method: 'POST',
      url: fields(c.acme),
      payload: { record: 'customer', key: 'industry', label: 'Industry', type: 'text' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const patch = (payload: object) =>
      t.call(c.ana.token, { method: 'PATCH', url: fields(c.acme, `/${id}`), payload });
    expect((await patch({ label: 'Sector' })).statusCode).toBe(200);
    expect((await patch({ archived: true })).statusCode).toBe(200);
    expect((await patch({ options: [{ value: 'a', label: 'A' }] })).statusCode).toBe(400);
    // Beta cannot change Acme's field, and nothing lands in either log for it.
    const foreign = await t.call(c.eva.token, {
      method: 'PATCH',
      url: fields(c.beta, `/${id}`),
      payload: { label: 'X' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call(c.ana.token, { method: 'DELETE', url: fields(c.acme, `/${id}`) })).statusCode).toBe(
      204,
    );

    const entries = await auditOf(c.acme);
    const read = (v: unknown) => (v === null ? null : JSON.parse(String(v)));
    expect(entries.map((e) => [e.action, e.entity_id, e.actor_id])).toEqual([
      ['custom_field.create', String(id), c.ana.id],
      ['custom_field.update', String(id), c.ana.id],
      ['custom_field.update', String(id), c.ana.id],
      ['custom_field.delete', String(id), c.ana.id],
    ]);
    expect(read(entries[0]?.after)).toMatchObject({ key: 'industry', label: 'Industry' });
    expect([read(entries[1]?.before).label, read(entries[1]?.after).label]).toEqual(['Industry', 'Sector']);
    expect([read(entries[2]?.before).archived, read(entries[2]?.after).archived]).toEqual([false, true]);
    expect(read(entries[3]?.before)).toMatchObject({ key: 'industry', archived: true });
    expect(read(entries[3]?.after)).toBeNull();
    expect(await auditOf(c.beta)).toEqual([]);
  });
});
