import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let ana: string;
let eva: string;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme', [0, 2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;

type Group = {
  rule: string;
  rules: string[];
  size: number;
  customers: { id: number; name: string; version: number }[];
};

async function scan(token: string, company: number) {
  const started = await t.call(token, { method: 'POST', url: url(company, '/duplicate-groups') });
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json().data).toMatchObject({ state: 'running' });
  await t.ctx.jobs.drain(30_000);
  const res = await t.call(token, { method: 'GET', url: url(company, '/duplicate-groups') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    scan: { state: string; progress: number; group_count: number };
    groups: Group[];
  };
}

describe('company-wide duplicate groups', () => {
  it('a scan job finds the groups of each rule, with progress, for its company only', async () => {
    const rows = [
      { name: 'Ivana Horvat', email: 'ivana@example.com' },
      { name: 'I. Horvat', email: 'IVANA@example.com' },
      { name: 'Petar Kovač', phone: '+385 91 000 1111' },
      { name: 'Pero', phone: '091 000 1111' },
      { name: 'Kontora d.o.o.', type: 'organisation' },
      { name: 'KONTORA DOO', type: 'organisation' },
      { name: 'Alone' },
    ];
    const ids: number[] = [];
    for (const body of rows) {
      const res = await t.call(ana, { method: 'POST', url: url(acme), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    await t.call(eva, {
      method: 'POST',
      url: url(beta),
      payload: { name: 'Ivana Horvat', email: 'ivana@example.com' },
    });

    const before = await t.call(ana, { method: 'GET', url: url(acme, '/duplicate-groups') });
    expect(before.json().data).toEqual({ scan: null, groups: [], next_offset: null });

    const { scan: done, groups } = await scan(ana, acme);
    expect(done).toMatchObject({ state: 'completed', progress: 100, group_count: 3 });
    const byRule = Object.fromEntries(groups.map((g) => [g.rule, g.customers.map((c) => c.id)]));
    expect(byRule).toEqual({ email: [ids[0], ids[1]], phone: [ids[2], ids[3]], name: [ids[4], ids[5]] });
    const jobs = await t.ctx.jobs.list({ limit: 50 });
    expect(jobs.items.find((j) => j.name === 'customers.duplicate_scan')).toMatchObject({
      state: 'completed',
      progress: 100,
    });

    const other = await scan(eva, beta);
    expect(other.groups).toEqual([]);
    expect((await t.call(eva, { method: 'GET', url: url(acme, '/duplicate-groups') })).statusCode).toBe(403);

    // A group whose customers were merged since the scan is no longer listed.
    const [first, second] = groups.find((g) => g.rule === 'name')?.customers ?? [];
    if (!first || !second) throw new Error('no name group');
    const merged = await t.call(ana, {
      method: 'POST',
      url: url(acme, '/merge'),
      payload: {
        survivor_id: first.id,
        merged_ids: [second.id],
        versions: { [first.id]: first.version, [second.id]: second.version },
      },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = await t.call(ana, { method: 'GET', url: url(acme, '/duplicate-groups?rule=name') });
    expect(after.json().data.groups).toEqual([]);
  });

  it('lists two customers matched by several rules once, with every reason', async () => {
    const company = await t.company(
      'Gamma',
      [2],
      [{ userId: await t.user('gina@example.com'), role: 'owner' }],
    );
    const gina = await t.login('gina@example.com');
    const ids: number[] = [];
    for (const name of ['Marta Babić', 'Marta Babic']) {
      const body = {
        name,
        email: 'marta@example.com',
        phone: '+385 91 222 3333',
        address: 'Ilica 1, Zagreb',
      };
      const res = await t.call(gina, { method: 'POST', url: url(company), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    const { scan: done, groups } = await scan(gina, company);
    expect(groups.map((g) => [g.customers.map((c) => c.id), [...g.rules].sort()])).toEqual([
      [ids, ['email', 'name', 'phone']],
    ]);
    expect(done.group_count).toBe(1);
    // Filtered by one rule, the group is there too, with all its reasons.
    const byPhone = await t.call(gina, { method: 'GET', url: url(company, '/duplicate-groups?rule=phone') });
    expect(byPhone.json().data.groups).toMatchObject([{ rule: 'phone' }]);
    expect([...byPhone.json().data.groups[0].rules].sort()).toEqual(['email', 'name', 'phone']);
  });
});
