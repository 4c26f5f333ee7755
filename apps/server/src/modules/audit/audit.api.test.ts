import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

interface Entry {
  id: number;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  company_id: number | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

let t: TestApp;
let root: string;
let rootId: number;
let owner: string;
let ownerId: number;
let companyId: number;
let invitedId: number;
let startedAt: string;
beforeAll(async () => {
  t = await createTestApp();
  rootId = await t.user('root@example.com', { is_admin: true });
  ownerId = await t.user('owner@example.com');
  root = await t.login('root@example.com');
  owner = await t.login('owner@example.com');
  startedAt = new Date().toISOString();

  // A small history: a superuser creates a company, edits it, sets modules, adds an owner and invites a person;
  // the owner then changes that person's role; the superuser disables them.
  companyId = (
    await t.call(root, {
      method: 'POST',
      url: '/api/admin/companies',
      payload: { name: 'Audited', modules: [0] },
    })
  ).json().data.id;
  await t.call(root, {
    method: 'PATCH',
    url: `/api/admin/companies/${companyId}`,
    payload: { name: 'Audited Ltd' },
  });
  await t.call(root, {
    method: 'PUT',
    url: `/api/admin/companies/${companyId}/modules`,
    payload: { modules: [0, 2] },
  });
  await t.call(root, {
    method: 'POST',
    url: `/api/admin/companies/${companyId}/members`,
    payload: { user_id: ownerId, role: 'owner' },
  });
  invitedId = (
    await t.call(root, {
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        email: 'pat@example.com',
        full_name: 'Pat',
        memberships: [{ company_id: companyId, role: 'member' }],
      },
    })
  ).json().data.id;
  await t.call(owner, {
    method: 'PATCH',
    url: `/api/companies/${companyId}/members/${invitedId}`,
    payload: { role: 'admin' },
  });
  await t.call(root, { method: 'POST', url: `/api/admin/users/${invitedId}/disable` });
});
afterAll(() => t.close());

const audit = async (query = '') => {
  const res = await t.call(root, { method: 'GET', url: `/api/admin/audit${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: Entry[]; next_cursor: string | null };
};

describe('audit entries', () => {
  it('records who did what to which record, with before and after, newest first', async () => {
    const { items } = await audit();
    expect(items.map((e) => e.action)).toEqual([
      'user.disable',
      'membership.role',
      'membership.add',
      'user.invite',
      'membership.add',
      'company.modules',
      'company.update',
      'company.create',
    ]);
    const byAction = (action: string) => items.find((e) => e.action === action);
    expect(byAction('company.create')).toMatchObject({
      actor_id: rootId,
      actor_email: 'root@example.com',
      entity: 'company',
      entity_id: String(companyId),
      company_id: companyId,
      before: null,
      after: { name: 'Audited', is_active: true, modules: [0], currency: 'EUR' },
    });
    expect(byAction('company.update')).toMatchObject({
      before: { name: 'Audited' },
      after: { name: 'Audited Ltd' },
    });
    expect(byAction('company.modules')).toMatchObject({
      before: { modules: [0] },
      after: { modules: [0, 2] },
    });
    expect(byAction('membership.role')).toMatchObject({
      actor_id: ownerId,
      entity: 'membership',
      entity_id: String(invitedId),
      company_id: companyId,
      before: { role: 'member', email: 'pat@example.com' },
      after: { role: 'admin' },
    });
    expect(byAction('user.disable')).toMatchObject({
      entity: 'user',
      entity_id: String(invitedId),
      before: { status: 'invited' },
      after: { status: 'disabled' },
    });
    for (const e of items) expect(Date.parse(e.created_at)).toBeGreaterThan(0);
  });

  it('names the record and its company, not by number', async () => {
    const { items } = await audit();
    const byAction = (action: string) => items.find((e) => e.action === action);
    expect(byAction('membership.role')).toMatchObject({
      entity_name: 'Pat',
      company_name: 'Audited Ltd',
    });
    expect(byAction('user.disable')).toMatchObject({ entity_name: 'Pat' });
    expect(byAction('company.create')).toMatchObject({
      entity_name: 'Audited Ltd',
      company_name: 'Audited Ltd',
    });
  });

  it('never stores secrets', async () => {
    const rows = await t.ctx.db.selectFrom('audit_entries').select(['before', 'after']).execute();
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password|token|hash/i);
    expect(text).toContain('pat@example.com');
  });

  it('writes nothing when nothing changed', async () => {
    const before = (await audit()).items.length;
    await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/companies/${companyId}`,
      payload: { name: 'Audited Ltd' },
    });
    await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/modules`,
      payload: { modules: [2, 0] },
    });
    await t.call(root, { method: 'POST', url: `/api/admin/users/${invitedId}/disable` });
    expect((await audit()).items.length).toBe(before);
  });

  it('writes nothing for a refused change', async () => {
    const before = (await audit()).items.length;
    const refused = await t.call(owner, {
      method: 'DELETE',
      url: `/api/companies/${companyId}/members/${ownerId}`,
    });
    expect(refused.statusCode).toBe(409);
    expect((await audit()).items.length).toBe(before);
  });
});

describe('GET /api/admin/audit filters', () => {
  it('by actor, entity, record, company and action', async () => {
    expect((await audit(`?actor_id=${ownerId}`)).items.map((e) => e.action)).toEqual(['membership.role']);
    expect((await audit('?entity=user')).items.map((e) => e.action)).toEqual(['user.disable', 'user.invite']);
    expect((await audit(`?entity=membership&entity_id=${invitedId}`)).items.map((e) => e.action)).toEqual([
      'membership.role',
      'membership.add',
    ]);
    expect((await audit(`?company_id=${companyId}&action=company.update`)).items).toHaveLength(1);
    expect((await audit('?company_id=999999')).items).toEqual([]);
  });

  it('by date range (inclusive; a date covers its whole day)', async () => {
    const all = (await audit()).items;
    expect((await audit(`?from=${encodeURIComponent(startedAt)}`)).items).toHaveLength(all.length);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await audit(`?from=${encodeURIComponent(future)}`)).items).toEqual([]);
    expect((await audit('?to=2000-01-01')).items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).items.length).toBeGreaterThanOrEqual(all.length - 1);
    const oldest = all.at(-1);
    if (!oldest) throw new Error('no entries');
    const upToOldest = await audit(`?to=${encodeURIComponent(oldest.created_at)}`);
    expect(upToOldest.items.map((e) => e.id)).toContain(oldest.id);
  });

  it('pages newest first with a keyset cursor, without gaps or repeats', async () => {
    const all = (await audit()).items.map((e) => e.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Entry[]; next_cursor: string | null } = await audit(
        `?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('refuses bad filters with 400, not 500', async () => {
    for (const query of [
      '?cursor=nonsense',
      '?from=yesterday',
      '?limit=0',
      '?actor_id=x',
      '?to=2025-13-40',
    ]) {
      const res = await t.call(root, { method: 'GET', url: `/api/admin/audit${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
