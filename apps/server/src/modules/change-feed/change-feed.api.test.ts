import type { ChangeEntry } from '@kontora/contract/change-feed';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { readChanges } from './change-feed.service.ts';

/** Every kind of change writes its feed entry, with the right entity, actor and fields. */

let t: TestApp;
let ana: string; // owner of Acme
let root: string; // superuser
let anaId: number;
let rootId: number;
let markoId: number;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  markoId = await t.user('marko@example.com');
  rootId = await t.user('root@example.com', { is_admin: true });
  acme = await t.company('Acme', [0, 2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  root = await t.login('root@example.com');
});
afterAll(() => t.close());

async function call(token: string, options: InjectOptions, status: number) {
  const res = await t.call(token, options);
  expect(res.statusCode, res.body).toBe(status);
  return res.statusCode === 204 ? undefined : res.json().data;
}

let seen = 0;
/** The entries written since the last call, for that company. */
async function newEntries(company: number): Promise<ChangeEntry[]> {
  const entries = await readChanges(t.ctx, company, seen, 1000);
  seen = Math.max(seen, ...entries.map((e) => e.id));
  return entries;
}

const byAna = () => ({ kind: 'user', id: anaId, name: 'ana' });
const byRoot = () => ({ kind: 'user', id: rootId, name: 'root' });

describe('customers', () => {
  const base = () => `/api/companies/${acme}/customers`;

  it('records created, updated, note_added and deleted with fields, version and actor', async () => {
    await newEntries(acme);
    const c = await call(
      ana,
      { method: 'POST', url: base(), payload: { name: 'Ivana', tags: ['vip'] } },
      201,
    );
    const [created, ...rest] = await newEntries(acme);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      company_id: acme,
      type: 'customer.created',
      entity: { type: 'customer', id: c.id },
      entity_version: 1,
      actor: byAna(),
      changes: null,
      data: { name: 'Ivana', status: 'lead', tags: ['vip'] },
    });
    expect(Date.parse(created?.created_at ?? '')).not.toBeNaN();

    const payload = { version: 1, status: 'customer', email: 'ivana@example.com' };
    await call(ana, { method: 'PATCH', url: `${base()}/${c.id}`, payload }, 200);
    expect(await newEntries(acme)).toMatchObject([
      {
        type: 'customer.updated',
        entity: { type: 'customer', id: c.id },
        entity_version: 2,
        actor: byAna(),
        changes: [
          { field: 'email', before: null, after: 'ivana@example.com' },
          { field: 'status', before: 'lead', after: 'customer' },
        ],
      },
    ]);

    const note = await call(
      ana,
      { method: 'POST', url: `${base()}/${c.id}/timeline`, payload: { body: 'Called her.' } },
      201,
    );
    expect(await newEntries(acme)).toMatchObject([
      {
        type: 'customer.note_added',
        entity: { type: 'customer', id: c.id },
        actor: byAna(),
        data: { note_id: note.id, body: 'Called her.' },
      },
    ]);

    await call(ana, { method: 'DELETE', url: `${base()}/${c.id}` }, 204);
    expect(await newEntries(acme)).toMatchObject([
      {
        type: 'customer.deleted',
        entity: { type: 'customer', id: c.id },
        entity_version: 2,
        actor: byAna(),
        data: { id: c.id, name: 'Ivana', email: 'ivana@example.com', status: 'customer' },
      },
    ]);
  });

  it('records one entry per import batch, one for the whole import and one per bulk action', async () => {
    await newEntries(acme);
    const csv = 'name,status\nAlpha,lead\nBeta,prospect\nGamma,lead\n';
    await call(
      ana,
      { method: 'POST', url: `${base()}/import`, payload: csv, headers: { 'content-type': 'text/csv' } },
      200,
    );
    const [imported, finished, ...none] = await newEntries(acme);
    expect(none).toEqual([]);
    expect(finished).toMatchObject({
      type: 'customer.import_finished',
      entity: { type: 'customer', id: null },
      actor: byAna(),
      data: { rows: 3, created: 3, updated: 0, skipped: 0, rejected: 0 },
    });
    expect(imported).toMatchObject({
      type: 'customer.imported',
      entity: { type: 'customer', id: null },
      actor: byAna(),
    });
    const ids = imported?.data?.ids as number[];
    expect(imported?.data?.count).toBe(3);
    expect(ids).toHaveLength(3);

    await call(
      ana,
      { method: 'POST', url: `${base()}/bulk`, payload: { action: 'set_status', ids, status: 'prospect' } },
      200,
    );
    const [first, second] = ids;
    expect(await newEntries(acme)).toMatchObject([
      {
        type: 'customer.bulk_updated',
        actor: byAna(),
        // Beta was a prospect already: not changed, not listed.
        data: { count: 2, ids: [first, ids[2]], status: 'prospect', before: { [String(first)]: 'lead' } },
      },
    ]);

    await call(
      ana,
      { method: 'POST', url: `${base()}/bulk`, payload: { action: 'delete', ids: [first, second] } },
      200,
    );
    expect(await newEntries(acme)).toMatchObject([
      { type: 'customer.bulk_deleted', actor: byAna(), data: { count: 2, ids: [first, second] } },
    ]);
  });

  it('records nothing for an update that changes nothing, or a stale one', async () => {
    const c = await call(ana, { method: 'POST', url: base(), payload: { name: 'Same' } }, 201);
    await newEntries(acme);
    await call(
      ana,
      { method: 'PATCH', url: `${base()}/${c.id}`, payload: { version: 1, name: 'Same' } },
      200,
    );
    await call(
      ana,
      { method: 'PATCH', url: `${base()}/${c.id}`, payload: { version: 7, name: 'Other' } },
      409,
    );
    expect(await newEntries(acme)).toEqual([]);
  });
});

describe('events', () => {
  const base = () => `/api/companies/${acme}/events`;

  it('records created, updated, done, undone and deleted', async () => {
    await newEntries(acme);
    const start = '2026-03-02T09:00:00.000Z';
    const e = await call(
      ana,
      { method: 'POST', url: base(), payload: { title: 'Call Ivana', start_at: start } },
      201,
    );
    await call(
      ana,
      { method: 'PATCH', url: `${base()}/${e.id}`, payload: { title: 'Call Ivana back' } },
      200,
    );
    await call(ana, { method: 'POST', url: `${base()}/${e.id}/done` }, 200);
    await call(ana, { method: 'DELETE', url: `${base()}/${e.id}/done` }, 200);
    await call(ana, { method: 'DELETE', url: `${base()}/${e.id}` }, 204);
    const entries = await newEntries(acme);
    expect(entries.map((x) => x.type)).toEqual([
      'event.created',
      'event.updated',
      'event.done',
      'event.undone',
      'event.deleted',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ company_id: acme, entity: { type: 'event', id: e.id }, actor: byAna() });
    }
    expect(entries.map((x) => x.entity_version)).toEqual([1, 2, 3, 4, 4]);
    expect(entries[0]?.data).toMatchObject({ title: 'Call Ivana', start_at: start, done: false });
    expect(entries[1]?.changes).toEqual([{ field: 'title', before: 'Call Ivana', after: 'Call Ivana back' }]);
    expect(entries[2]?.changes).toMatchObject([
      { field: 'done', before: false, after: true },
      { field: 'completed_at', before: null },
    ]);
    expect(entries[3]?.changes).toMatchObject([
      { field: 'done', before: true, after: false },
      { field: 'completed_at', after: null },
    ]);
    expect(entries[4]?.data).toMatchObject({ id: e.id, title: 'Call Ivana back', done: false });
  });
});

describe('members and companies', () => {
  it('records member added (by the person accepting), updated and removed, by owners and by superusers', async () => {
    await newEntries(acme);
    const members = `/api/companies/${acme}/members`;
    // Marko joins by accepting Ana's invitation: the change is his (decision 011).
    const { invitation } = await call(
      ana,
      {
        method: 'POST',
        url: `/api/companies/${acme}/invitations`,
        payload: { email: 'marko@example.com', role: 'member' },
      },
      201,
    );
    const marko = await t.login('marko@example.com');
    await call(marko, { method: 'POST', url: `/api/me/invitations/${invitation.id}/accept` }, 200);
    await call(ana, { method: 'PATCH', url: `${members}/${markoId}`, payload: { role: 'admin' } }, 200);
    await call(root, { method: 'DELETE', url: `/api/admin/companies/${acme}/members/${markoId}` }, 204);
    const entries = await newEntries(acme);
    expect(entries).toMatchObject([
      {
        type: 'member.added',
        entity: { type: 'member', id: markoId },
        actor: { kind: 'user', id: markoId },
        data: { user_id: markoId, email: 'marko@example.com', role: 'member' },
      },
      {
        type: 'member.updated',
        actor: byAna(),
        changes: [{ field: 'role', before: 'member', after: 'admin' }],
      },
      { type: 'member.removed', actor: byRoot(), data: { user_id: markoId, role: 'admin' } },
    ]);
  });

  it('records memberships changed from the admin people pages in each company', async () => {
    await newEntries(acme);
    const invited = await call(
      root,
      {
        method: 'POST',
        url: '/api/admin/users',
        payload: {
          email: 'nina@example.com',
          full_name: 'Nina',
          memberships: [{ company_id: acme, role: 'member' }],
        },
      },
      201,
    );
    expect(await newEntries(acme)).toMatchObject([
      { type: 'member.added', entity: { type: 'member', id: invited.id }, actor: byRoot() },
    ]);
    const betaBefore = (await readChanges(t.ctx, beta, 0, 1000)).length;
    await call(
      root,
      {
        method: 'PATCH',
        url: `/api/admin/users/${invited.id}`,
        payload: { memberships: [{ company_id: beta, role: 'admin' }] },
      },
      200,
    );
    expect(await newEntries(acme)).toMatchObject([{ type: 'member.removed', entity: { id: invited.id } }]);
    const betaEntries = await readChanges(t.ctx, beta, 0, 1000);
    expect(betaEntries.slice(betaBefore)).toMatchObject([
      { type: 'member.added', company_id: beta, entity: { id: invited.id }, data: { role: 'admin' } },
    ]);
  });

  it('records company created, updated and modules changed by a superuser', async () => {
    const company = await call(
      root,
      { method: 'POST', url: '/api/admin/companies', payload: { name: 'Gamma', modules: [0] } },
      201,
    );
    await call(
      root,
      {
        method: 'PATCH',
        url: `/api/admin/companies/${company.id}`,
        payload: { name: 'Gamma d.o.o.', is_active: false },
      },
      200,
    );
    await call(
      root,
      { method: 'PUT', url: `/api/admin/companies/${company.id}/modules`, payload: { modules: [0, 2] } },
      200,
    );
    expect(await readChanges(t.ctx, company.id, 0, 1000)).toMatchObject([
      {
        type: 'company.created',
        company_id: company.id,
        entity: { type: 'company', id: company.id },
        actor: byRoot(),
        data: { name: 'Gamma', modules: [0], is_active: true },
      },
      {
        type: 'company.updated',
        actor: byRoot(),
        changes: [
          { field: 'name', before: 'Gamma', after: 'Gamma d.o.o.' },
          { field: 'is_active', before: true, after: false },
        ],
      },
      { type: 'company.modules_changed', changes: [{ field: 'modules', before: [0], after: [0, 2] }] },
    ]);
  });
});

describe('reading', () => {
  it('never answers another company’s entries, and pages after an id', async () => {
    const acmeEntries = await readChanges(t.ctx, acme, 0, 1000);
    const betaEntries = await readChanges(t.ctx, beta, 0, 1000);
    expect(acmeEntries.length).toBeGreaterThan(5);
    expect(acmeEntries.every((e) => e.company_id === acme)).toBe(true);
    expect(betaEntries.every((e) => e.company_id === beta)).toBe(true);

    const ids = acmeEntries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const paged: number[] = [];
    for (let after = 0; ; ) {
      const page = await readChanges(t.ctx, acme, after, 2);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page.map((e) => e.id));
      after = page.at(-1)?.id ?? after;
    }
    expect(paged).toEqual(ids);
    const middle = ids[2] ?? 0;
    expect((await readChanges(t.ctx, acme, middle, 1000)).map((e) => e.id)).toEqual(
      ids.filter((id) => id > middle),
    );
  });
});
