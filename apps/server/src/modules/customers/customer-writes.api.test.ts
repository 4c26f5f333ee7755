import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorKit, startConnectorApp } from '../../test-support/connector-kit.ts';
import { type HubspotStandin, startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { expectSentAlong } from '../../test-support/same-statement.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';

/**
 * Every path that writes customers goes through one door (customer-writes.ts), so each
 * records the same: a change-feed row, the timeline entries sent to the database in the
 * change-feed row's own statement, and the customer list's cache evicted after the commit.
 */

let t: TestApp;
let ana: string;
let anaId: number;
const standins: HubspotStandin[] = [];

beforeAll(async () => {
  t = await startConnectorApp();
  anaId = await t.user('ana@example.com');
  ana = await t.login('ana@example.com');
});
afterAll(async () => {
  for (const s of standins) await s.close();
  await t.close();
});

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const newCompany = (name: string) => t.company(name, [0, 1, 2], [{ userId: anaId, role: 'owner' }]);

async function call(
  method: 'GET' | 'POST',
  path: string,
  payload?: string | object,
  headers?: Record<string, string>,
) {
  const res = await t.call(ana, {
    method,
    url: path,
    ...(payload === undefined ? {} : { payload }),
    headers,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/** The customer list as the screens ask for it (a cached answer). */
async function listed(company: number): Promise<{ name: string; status: string }[]> {
  const page = await call('GET', url(company, '?limit=100'));
  return page.items.map((c: { name: string; status: string }) => ({ name: c.name, status: c.status }));
}

async function create(company: number, body: Record<string, unknown>) {
  return (await call('POST', url(company), body)) as { id: number; version: number; name: string };
}

function importCsv(company: number, csv: string, query = '') {
  return call('POST', url(company, `/import${query}`), csv, { 'content-type': 'text/csv' });
}

/** The change-feed entries written since `after`, and the newest id. */
async function feedSince(company: number, after: number) {
  const entries = await readChanges(t.ctx, company, after, 1000);
  return { entries, last: entries.at(-1)?.id ?? after };
}

const lastFeedId = async (company: number) => (await feedSince(company, 0)).last;

function timelineOf(company: number, customerIds: number[], kind: string) {
  return t.ctx.db
    .selectFrom('customer_activities')
    .select(['id', 'customer_id', 'kind'])
    .where('company_id', '=', company)
    .where('customer_id', 'in', customerIds)
    .where('kind', '=', kind as never)
    .orderBy('id')
    .execute();
}

const sentAlong = (company: number, changeId: number, activityIds: number[]) =>
  expectSentAlong(t, company, changeId, activityIds);

describe('one write door: change feed, timeline sent along, list cache evicted', () => {
  it('CSV import: new rows and updated rows', async () => {
    const company = await newCompany('Door import');
    expect(await listed(company)).toEqual([]);
    let after = await lastFeedId(company);

    await importCsv(company, 'name,email\nIva Ivić,iva@example.com\nAna Anić,ana@example.com\n');
    const created = await feedSince(company, after);
    // The batch's entry, then the one for the whole import (docs/decisions/068-staged-imports.md).
    expect(created.entries.map((e) => e.type)).toEqual(['customer.imported', 'customer.import_finished']);
    const ids = created.entries[0]?.data?.ids as number[];
    expect(ids).toHaveLength(2);
    const imported = await timelineOf(company, ids, 'imported');
    expect(imported.map((a) => a.customer_id)).toEqual(ids);
    await sentAlong(
      company,
      created.entries[0]?.id as number,
      imported.map((a) => a.id),
    );
    expect((await listed(company)).map((c) => c.name)).toEqual(['Ana Anić', 'Iva Ivić']);

    after = created.last;
    await importCsv(
      company,
      'name,email,status\nIva Ivić,iva@example.com,customer\n',
      '?match_by=email&on_match=update',
    );
    const updated = await feedSince(company, after);
    // An import's updates: one entry per batch naming the ids (docs/decisions/068-staged-imports.md).
    expect(updated.entries.map((e) => [e.type, e.entity.id, e.data])).toEqual([
      ['customer.updated', null, { count: 1, ids: [ids[0]] }],
      ['customer.import_finished', null, expect.anything()],
    ]);
    const entries = await timelineOf(company, [ids[0] as number], 'updated');
    expect(entries).toHaveLength(1);
    await sentAlong(company, updated.entries[0]?.id as number, [entries[0]?.id as number]);
    expect(await listed(company)).toContainEqual({ name: 'Iva Ivić', status: 'customer' });
  });

  it('bulk status change by ids and by filter', async () => {
    const company = await newCompany('Door bulk');
    const a = await create(company, { name: 'Bulk A' });
    const b = await create(company, { name: 'Bulk B' });
    expect((await listed(company)).map((c) => c.status)).toEqual(['lead', 'lead']);
    let after = await lastFeedId(company);

    await call('POST', url(company, '/bulk'), {
      action: 'set_status',
      ids: [a.id, b.id],
      status: 'customer',
    });
    const byIds = await feedSince(company, after);
    expect(byIds.entries.map((e) => e.type)).toEqual(['customer.bulk_updated']);
    const entries = await timelineOf(company, [a.id, b.id], 'updated');
    expect(entries.map((e) => e.customer_id)).toEqual([a.id, b.id]);
    await sentAlong(
      company,
      byIds.last,
      entries.map((e) => e.id),
    );
    expect((await listed(company)).map((c) => c.status)).toEqual(['customer', 'customer']);

    after = byIds.last;
    await call('POST', url(company, '/bulk-by-filter'), {
      action: 'set_status',
      filter: { q: 'Bulk A' },
      status: 'inactive',
    });
    const byFilter = await feedSince(company, after);
    expect(byFilter.entries.map((e) => e.type)).toEqual(['customer.bulk_updated']);
    const latest = (await timelineOf(company, [a.id], 'updated')).at(-1);
    await sentAlong(company, byFilter.last, [latest?.id as number]);
    expect(await listed(company)).toContainEqual({ name: 'Bulk A', status: 'inactive' });
  });

  it('merge and its undo', async () => {
    const company = await newCompany('Door merge');
    const a = await create(company, { name: 'Marko Marić', email: 'marko@example.com' });
    const b = await create(company, { name: 'Marko Maric', phone: '091 111 2222' });
    expect(await listed(company)).toHaveLength(2);
    let after = await lastFeedId(company);

    const merged = await call('POST', url(company, '/merge'), {
      survivor_id: a.id,
      merged_ids: [b.id],
      fields: {},
      versions: { [a.id]: a.version, [b.id]: b.version },
    });
    const merge = await feedSince(company, after);
    expect(merge.entries.map((e) => e.type)).toEqual(['customer.merged']);
    const mergedEntry = await timelineOf(company, [a.id], 'merged');
    expect(mergedEntry).toHaveLength(1);
    await sentAlong(company, merge.last, [mergedEntry[0]?.id as number]);
    expect(await listed(company)).toHaveLength(1);

    after = merge.last;
    await call('POST', url(company, `/merges/${merged.merge_id}/undo`));
    const undo = await feedSince(company, after);
    expect(undo.entries.map((e) => e.type)).toEqual(['customer.merge_undone']);
    const undoneEntry = await timelineOf(company, [a.id], 'merge_undone');
    expect(undoneEntry).toHaveLength(1);
    await sentAlong(company, undo.last, [undoneEntry[0]?.id as number]);
    expect(await listed(company)).toHaveLength(2);
  });

  it('a CRM connector’s pull: imported records and a remote edit', async () => {
    const company = await newCompany('Door connector');
    const kit = connectorKit(t, ana);
    const hubspot = await startHubspotStandin();
    standins.push(hubspot);
    hubspot.seedContacts(2);
    expect(await listed(company)).toEqual([]);
    let after = await lastFeedId(company);

    const id = await kit.connect(company, 'hubspot', hubspot);
    await kit.settled(company, id);
    const pulled = (await feedSince(company, after)).entries.filter((e) => e.type === 'customer.imported');
    expect(pulled).toHaveLength(1);
    expect(pulled[0]?.actor).toMatchObject({ kind: 'system', name: `HubSpot connector #${id}` });
    const ids = pulled[0]?.data?.ids as number[];
    const imported = await timelineOf(company, ids, 'imported');
    expect(imported.map((a) => a.customer_id)).toEqual(ids);
    await sentAlong(
      company,
      pulled[0]?.id as number,
      imported.map((a) => a.id),
    );
    expect((await listed(company)).map((c) => c.name)).toEqual(['Contact 1', 'Contact 2']);

    after = await lastFeedId(company);
    const remote = hubspot.all('contacts').find((c) => c.properties.lastname === '1');
    hubspot.edit('contacts', remote?.id as string, { lastname: 'One' });
    await kit.syncNow(company, id);
    const edits = (await feedSince(company, after)).entries.filter((e) => e.type === 'customer.updated');
    expect(edits.map((e) => e.entity.id)).toEqual([ids[0]]);
    const entries = await timelineOf(company, [ids[0] as number], 'updated');
    expect(entries).toHaveLength(1);
    await sentAlong(company, edits[0]?.id as number, [entries[0]?.id as number]);
    expect((await listed(company)).map((c) => c.name)).toContain('Contact One');
  });
});
