import type { CustomRecord } from '@kontora/contract/custom-fields';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { purgeDeletedFieldsJob } from './custom-fields.jobs.ts';
import { recordIdsWithValues } from './value-first.repository.ts';

/** A deleted field is gone from everything at once, comes back with a restore for 30 days, then is purged. */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterEach(() => {
  t.ctx.clock.now = Date.now;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json().data;
}
const fieldsUrl = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;
const recordsUrl = (record: CustomRecord, company: number, rest = '') =>
  `/api/companies/${company}/${record === 'customer' ? 'customers' : 'deals'}${rest}`;
const nameOf = (record: CustomRecord) => (record === 'customer' ? 'name' : 'title');
const DAY = 86_400_000;

async function fieldWithValue(company: number, record: CustomRecord, key: string) {
  const field = await ok(c.ana.token, 'POST', fieldsUrl(company), {
    record,
    key,
    label: `Label ${key}`,
    type: 'single_select',
    options: [
      { value: 'gold', label: 'Gold' },
      { value: 'silver', label: 'Silver' },
    ],
  });
  const made = await ok(c.ana.token, 'POST', recordsUrl(record, company), {
    [nameOf(record)]: `Holder of ${key}`,
    custom: { [key]: 'gold' },
  });
  return { field, recordId: made.id as number };
}

/** The records holding a value of the field, as the index of the values finds them. */
const valueRows = async (record: CustomRecord, company: number, fieldId: number) =>
  (await recordIdsWithValues(t.ctx.db, company, record, [fieldId], 0, 100)).map((id) => ({ record_id: id }));

describe.each(['customer', 'deal'] as const)('deleting a field of %s records', (record) => {
  it('hides the field and its values everywhere; a restore brings both back', async () => {
    const key = `tier_${record}`;
    const { field, recordId } = await fieldWithValue(c.acme, record, key);
    expect((await call(c.marko.token, 'DELETE', fieldsUrl(c.acme, `/${field.id}`))).statusCode).toBe(403);
    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${field.id}`));

    const list = await ok(c.marko.token, 'GET', fieldsUrl(c.acme, `?record=${record}`));
    expect(list.items.map((f: { key: string }) => f.key)).not.toContain(key);
    const read = await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, `/${recordId}`));
    expect(read.custom).not.toHaveProperty(key);
    const page = await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, '?limit=100'));
    const row = page.items.find((r: { id: number }) => r.id === recordId);
    expect(row.custom ?? {}).not.toHaveProperty(key);
    const filter = await call(c.marko.token, 'GET', recordsUrl(record, c.acme, `?custom.${key}=gold`));
    expect(filter.json().details).toEqual({ [`custom.${key}`]: ['unknown_field'] });
    const write = await call(c.marko.token, 'PATCH', recordsUrl(record, c.acme, `/${recordId}`), {
      custom: { [key]: 'silver' },
      version: read.version,
    });
    expect(write.json().details).toEqual({ [`custom.${key}`]: ['unknown_field'] });
    const csv = await call(
      c.marko.token,
      'GET',
      recordsUrl(record, c.acme, record === 'customer' ? '/export.csv' : '/export'),
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\n')[0]).not.toContain(`Label ${key}`);
    // The key stays reserved while the field can come back.
    const twin = await call(c.ana.token, 'POST', fieldsUrl(c.acme), {
      record,
      key,
      label: 'Twin',
      type: 'text',
    });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().details).toEqual({ key: ['deleted_restorable'] });
    // Edits of the deleted definition are a 404 like a field that never was.
    expect(
      (await call(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${field.id}`), { label: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${field.id}`))).statusCode).toBe(404);

    const deleted = await ok(c.ana.token, 'GET', fieldsUrl(c.acme, `/deleted?record=${record}`));
    const entry = deleted.items.find((f: { id: number }) => f.id === field.id);
    expect(entry).toMatchObject({ key, label: `Label ${key}` });
    expect(Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY);
    expect(
      (await call(c.marko.token, 'GET', fieldsUrl(c.acme, `/deleted?record=${record}`))).statusCode,
    ).toBe(403);
    expect((await call(c.marko.token, 'POST', fieldsUrl(c.acme, `/${field.id}/restore`))).statusCode).toBe(
      403,
    );

    const restored = await ok(c.ana.token, 'POST', fieldsUrl(c.acme, `/${field.id}/restore`));
    expect(restored).toMatchObject({ id: field.id, key, archived: false });
    const back = await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, `/${recordId}`));
    expect(back.custom[key]).toBe('gold');
    expect(await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, `?custom.${key}=gold`))).toMatchObject({
      items: [expect.objectContaining({ id: recordId })],
    });
    // Restored: not deleted any more, so a second restore has nothing to bring back.
    expect((await call(c.ana.token, 'POST', fieldsUrl(c.acme, `/${field.id}/restore`))).statusCode).toBe(404);
    const after = await ok(c.ana.token, 'GET', fieldsUrl(c.acme, `/deleted?record=${record}`));
    expect(after.items.map((f: { id: number }) => f.id)).not.toContain(field.id);
  });

  it("another company's deleted field is a 404 to restore and absent from the list", async () => {
    const key = `secret_${record}`;
    const { field } = await fieldWithValue(c.acme, record, key);
    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${field.id}`));
    expect((await call(c.eva.token, 'POST', fieldsUrl(c.beta, `/${field.id}/restore`))).statusCode).toBe(404);
    const theirs = await ok(c.eva.token, 'GET', fieldsUrl(c.beta, `/deleted?record=${record}`));
    expect(theirs.items).toEqual([]);
    // Not a member of Acme: refused before anything is read.
    expect((await call(c.eva.token, 'POST', fieldsUrl(c.acme, `/${field.id}/restore`))).statusCode).toBe(403);
    // Beta may use the key: reserved only within Acme.
    await ok(c.eva.token, 'POST', fieldsUrl(c.beta), { record, key, label: 'Theirs', type: 'text' });
    const mine = await ok(c.ana.token, 'GET', fieldsUrl(c.acme, `/deleted?record=${record}`));
    expect(mine.items.map((f: { id: number }) => f.id)).toContain(field.id);
  });

  it('the daily purge removes a field deleted over 30 days ago with its values, not a newer one', async () => {
    const old = await fieldWithValue(c.acme, record, `old_${record}`);
    const recent = await fieldWithValue(c.acme, record, `recent_${record}`);
    const t0 = Date.now();
    t.ctx.clock.now = () => t0 - 31 * DAY;
    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${old.field.id}`));
    t.ctx.clock.now = () => t0 - 29 * DAY;
    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${recent.field.id}`));
    t.ctx.clock.now = Date.now;
    // Past 30 days it cannot come back, even before the purge has run.
    expect((await call(c.ana.token, 'POST', fieldsUrl(c.acme, `/${old.field.id}/restore`))).statusCode).toBe(
      404,
    );
    const listed = await ok(c.ana.token, 'GET', fieldsUrl(c.acme, `/deleted?record=${record}`));
    expect(listed.items.map((f: { id: number }) => f.id)).not.toContain(old.field.id);
    expect((await valueRows(record, c.acme, old.field.id)).length).toBe(1);

    await t.ctx.jobs.enqueue(t.ctx.db, purgeDeletedFieldsJob, {});
    await t.ctx.jobs.drain();
    const run = await t.ctx.db
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('name', '=', purgeDeletedFieldsJob.name)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(run).toMatchObject({ state: 'completed' });
    expect(await valueRows(record, c.acme, old.field.id)).toEqual([]);
    const gone = await t.ctx.db
      .selectFrom('custom_fields')
      .select('id')
      .where('company_id', '=', c.acme)
      .where('id', 'in', [old.field.id, recent.field.id])
      .execute();
    expect(gone.map((f) => f.id)).toEqual([recent.field.id]);
    // The purged key is free again; the recent one still restores with its value.
    await ok(c.ana.token, 'POST', fieldsUrl(c.acme), {
      record,
      key: `old_${record}`,
      label: 'New',
      type: 'text',
    });
    await ok(c.ana.token, 'POST', fieldsUrl(c.acme, `/${recent.field.id}/restore`));
    const read = await ok(c.ana.token, 'GET', recordsUrl(record, c.acme, `/${recent.recordId}`));
    expect(read.custom[`recent_${record}`]).toBe('gold');
  });
});

describe.each(['customer', 'deal'] as const)('a deleted %s and a deleted company', (record) => {
  // The values are on the record's row; SQLite's trigger takes its words along (migration 078).
  it('takes the record’s own values with it, and no other record’s', async () => {
    const { field, recordId } = await fieldWithValue(c.acme, record, `gone_${record}`);
    const kept = await ok(c.ana.token, 'POST', recordsUrl(record, c.acme), {
      [nameOf(record)]: 'Kept',
      custom: { [`gone_${record}`]: 'silver' },
    });
    await ok(c.ana.token, 'DELETE', recordsUrl(record, c.acme, `/${recordId}`));
    expect(await valueRows(record, c.acme, field.id)).toEqual([{ record_id: kept.id }]);
  });

  it('takes every value of a deleted company’s records with it', async () => {
    const company = await t.company(`Gone ${record}`, [0, 2], [{ userId: c.ana.id, role: 'owner' }]);
    const { field } = await fieldWithValue(company, record, `company_${record}`);
    expect((await valueRows(record, company, field.id)).length).toBe(1);
    await t.ctx.db.deleteFrom('companies').where('id', '=', company).execute();
    expect(await valueRows(record, company, field.id)).toEqual([]);
  });
});

describe('deletion in the audit log', () => {
  it('records the delete and the restore with the field', async () => {
    const { field } = await fieldWithValue(c.acme, 'customer', 'audited');
    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${field.id}`));
    await ok(c.ana.token, 'POST', fieldsUrl(c.acme, `/${field.id}/restore`));
    const entries = await t.ctx.db
      .selectFrom('audit_entries')
      .select(['action', 'before', 'after'])
      .where('company_id', '=', c.acme)
      .where('entity', '=', 'custom_field')
      .where('entity_id', '=', String(field.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual([
      'custom_field.create',
      'custom_field.delete',
      'custom_field.restore',
    ]);
    expect(JSON.parse(String(entries[2]?.after))).toMatchObject({ key: 'audited' });
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
