import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { readChanges } from '../../change-feed/change-feed.service.ts';

let t: TestApp;
let ana: string;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  ana = '';
  acme = await t.company('Acme', [0, 2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

const url = (rest = '') => `/api/companies/${acme}/customers${rest}`;
const importCsv = (csv: string, query: string) =>
  t.call(ana, {
    method: 'POST',
    url: url(`/import?${query}`),
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });

async function customers() {
  const res = await t.call(ana, { method: 'GET', url: `${url()}?limit=100` });
  return res.json().data.items as {
    id: number;
    name: string;
    email: string | null;
    oib: string | null;
    phone: string | null;
    version: number;
  }[];
}

/** Fresh customers for one scenario (the names carry its tag, so scenarios do not meet). */
async function seed(tag: string) {
  const made = [];
  for (const body of [
    { name: `Ana ${tag}`, email: `ana.${tag}@example.com` },
    {
      name: `Org ${tag}`,
      type: 'organisation',
      oib: tag === 'a' ? '69435151530' : tag === 'b' ? '94577403194' : '33392005961',
      country: 'HR',
    },
  ]) {
    const res = await t.call(ana, { method: 'POST', url: url(), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    made.push(res.json().data as { id: number; version: number });
  }
  return made;
}

const csvFor = (tag: string, ids: { ana: number; org: number }, oib: string) =>
  [
    'id,name,email,oib,phone,country',
    // matches by email (case-insensitively): a new phone
    `,Ana Changed ${tag},ANA.${tag}@example.com,,+385 91 000 000${tag === 'a' ? 1 : tag === 'b' ? 2 : 3},`,
    // matches by OIB
    `,Org Renamed ${tag},,${oib},,HR`,
    // matches by id (an export's column); every row is still a whole customer (a name)
    `${ids.ana},Ana Changed ${tag},,,+385 1 234 5678,`,
    // new, then a repeat of it in the same file
    `,New ${tag},new.${tag}@example.com,,,`,
    `,New again ${tag},NEW.${tag}@example.com,,,`,
    // invalid
    `,Bad ${tag},not-an-email,,,`,
  ].join('\n');

describe('import with on_match', () => {
  it.each([
    ['create', 'a', '69435151530', { created: 5, updated: 0, skipped: 0 }],
    ['skip', 'b', '94577403194', { created: 1, updated: 0, skipped: 4 }],
    ['update', 'c', '33392005961', { created: 1, updated: 3, skipped: 1 }],
  ] as const)('on_match=%s: the dry run predicts the real run exactly', async (onMatch, tag, oib, counts) => {
    const [a, o] = await seed(tag);
    if (!a || !o) throw new Error('seed failed');
    const csv = csvFor(tag, { ana: a.id, org: o.id }, oib);
    const query = `on_match=${onMatch}&match_by=email,oib,id`;
    const before = await customers();
    const dry = await importCsv(csv, `${query}&dry_run=true`);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(await customers()).toEqual(before);
    const real = await importCsv(csv, query);
    expect(real.statusCode, real.body).toBe(200);
    const { dry_run: _d, matched, ...predicted } = dry.json().data;
    const { dry_run: _r, matched: matchedDone, ...done } = real.json().data;
    expect(done).toEqual(predicted);
    // By email, OIB and id, also when they are created anyway (not the repeat within the file);
    // a real run that creates them anyway does not look them up.
    expect(matched).toBe(3);
    expect(matchedDone).toBe(onMatch === 'create' ? null : 3);
    expect(done).toMatchObject({
      rows: 6,
      rejected: 1,
      ...counts,
      imported: counts.created + counts.updated,
    });
    const after = await customers();
    expect(after.length - before.length).toBe(counts.created);
    if (onMatch === 'update') {
      // Two rows updated Ana (email, then id): both applied, in order.
      expect(after.find((c) => c.id === a.id)).toMatchObject({
        name: `Ana Changed ${tag}`,
        phone: '+385 1 234 5678',
        email: `ana.${tag}@example.com`,
        version: a.version + 2,
      });
      expect(after.find((c) => c.id === o.id)).toMatchObject({ name: `Org Renamed ${tag}`, oib });
    } else {
      expect(after.find((c) => c.id === a.id)).toMatchObject({ name: `Ana ${tag}`, version: a.version });
    }
  });

  it('records updates in the timeline and the change feed', async () => {
    const [a] = await seed('d');
    if (!a) throw new Error('seed failed');
    const feedBefore = (await readChanges(t.ctx, acme, 0, 1000)).at(-1)?.id ?? 0;
    const res = await importCsv(
      `email,name,notes\nana.d@example.com,Ana d,Imported note\n`,
      'on_match=update&match_by=email',
    );
    expect(res.json().data).toMatchObject({ updated: 1, created: 0 });
    const feed = await readChanges(t.ctx, acme, feedBefore, 100);
    expect(feed.map((e) => [e.type, e.entity.id, e.data?.ids])).toEqual([
      ['customer.updated', null, [a.id]],
      ['customer.import_finished', null, undefined],
    ]);
    const timeline = (await t.call(ana, { method: 'GET', url: url(`/${a.id}/timeline`) })).json().data.items;
    expect(timeline[0]).toMatchObject({
      kind: 'updated',
      changes: [{ field: 'notes', before: null, after: 'Imported note' }],
    });
  });

  it('matches a later batch against the customers as they were, as the dry run does', async () => {
    const [a] = await seed('e');
    if (!a) throw new Error('seed failed');
    // The first row gives Ana a new email; a row a batch (1,000 rows) later has that email.
    const csv = [
      'id,name,email',
      `${a.id},Ana e,moved.e@example.com`,
      ...Array.from({ length: 1000 }, (_, i) => `,Filler ${i},filler.${i}.e@example.com`),
      ',Someone e,moved.e@example.com',
    ].join('\n');
    const query = 'on_match=update&match_by=email,id';
    const dry = await importCsv(csv, `${query}&dry_run=true`);
    expect(dry.statusCode, dry.body).toBe(200);
    const real = await importCsv(csv, query);
    expect(real.statusCode, real.body).toBe(200);
    const { dry_run: _d, ...predicted } = dry.json().data;
    const { dry_run: _r, ...done } = real.json().data;
    expect(done).toEqual(predicted);
    expect(done).toMatchObject({ rows: 1002, updated: 1, created: 1001 });
    const moved = await t.ctx.db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('company_id', '=', acme)
      .where('email', '=', 'moved.e@example.com')
      .orderBy('id')
      .execute();
    expect(moved.map((c) => c.name)).toEqual(['Ana e', 'Someone e']);
    expect(moved[0]?.id).toBe(a.id);
  });

  it('refuses an unknown match key with 400', async () => {
    const res = await importCsv('name\nX\n', 'on_match=skip&match_by=email,phone');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('match_by');
  });
});
