import type { CustomerCreateInput } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { twoCompanies } from '../../../test-support/two-companies.ts';
import { readChanges } from '../../change-feed/change-feed.service.ts';

let t: TestApp;
let ana: string;
let eva: string;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  const team = await twoCompanies(t, [0, 2], { betaModules: [2] });
  ({ acme, beta } = team);
  [ana, eva] = [team.ana.token, team.eva.token];
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const get = (token: string, path: string) => t.call(token, { method: 'GET', url: path });
const post = (token: string, path: string, payload?: unknown) =>
  t.call(token, {
    method: 'POST',
    url: path,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

type Created = { id: number; version: number; name: string } & Record<string, unknown>;
async function create(token: string, company: number, body: CustomerCreateInput): Promise<Created> {
  const res = await post(token, url(company), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function duplicatesOf(query: Record<string, string>, company = acme, token = ana) {
  const res = await get(token, `${url(company, '/duplicates')}?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { customer: { id: number }; rules: string[]; link: string }[];
}
const rulesFor = (items: Awaited<ReturnType<typeof duplicatesOf>>, id: number) =>
  items.find((i) => i.customer.id === id)?.rules;

describe('duplicate warnings', () => {
  let ivana: Created;
  let kontora: Created;
  beforeAll(async () => {
    ivana = await create(ana, acme, {
      first_name: 'Ivana',
      last_name: 'Horvat',
      email: 'ivana@example.com',
      phone: '+385 91 234 5678',
      address: 'Ilica 1\n10000 Zagreb',
      country: 'HR',
    });
    kontora = await create(ana, acme, {
      type: 'organisation',
      organisation_name: 'Kontora d.o.o.',
      oib: '69435151530',
      country: 'HR',
    });
  });

  it('finds the same OIB/VAT id', async () => {
    const items = await duplicatesOf({ name: 'Someone else', oib: ' 694 3515 1530' });
    expect(rulesFor(items, kontora.id)).toEqual(['oib']);
    expect(items[0]?.link).toBe(`/#/company/customer/${kontora.id}?company=${acme}`);
  });

  it('finds the same email whatever its case', async () => {
    expect(rulesFor(await duplicatesOf({ email: 'IVANA@Example.com' }), ivana.id)).toEqual(['email']);
  });

  it('finds the same phone written nationally or internationally', async () => {
    expect(rulesFor(await duplicatesOf({ phone: '091/234-5678' }), ivana.id)).toEqual(['phone']);
    expect(rulesFor(await duplicatesOf({ phone: '00385 91 2345678' }), ivana.id)).toEqual(['phone']);
    expect(rulesFor(await duplicatesOf({ phone: '091 234 5679' }), ivana.id)).toBeUndefined();
  });

  it('finds a very similar name in the same town, not in another', async () => {
    expect(
      rulesFor(await duplicatesOf({ name: 'HORVAT, Ivana', address: 'Vlaška 5, Zagreb' }), ivana.id),
    ).toEqual(['name']);
    expect(
      rulesFor(await duplicatesOf({ name: 'Ivana Horvat', address: 'Riva 2, 21000 Split' }), ivana.id),
    ).toBeUndefined();
    expect(rulesFor(await duplicatesOf({ name: 'KONTORA DOO' }), kontora.id)).toEqual(['name']);
  });

  it('lists every rule that matched, leaves out the record being edited', async () => {
    const all = await duplicatesOf({ name: 'Ivana Horvat', email: 'ivana@example.com', phone: '0912345678' });
    expect(rulesFor(all, ivana.id)).toEqual(['email', 'phone', 'name']);
    expect(await duplicatesOf({ email: 'ivana@example.com', exclude_id: String(ivana.id) })).toEqual([]);
  });

  it("never shows another company's customers", async () => {
    expect(await duplicatesOf({ email: 'ivana@example.com' }, beta, eva)).toEqual([]);
    expect((await get(eva, `${url(acme, '/duplicates')}?email=ivana@example.com`)).statusCode).toBe(403);
  });
});

describe('merge and undo', () => {
  it('moves to-dos, timeline and tags to the survivor, deletes the others; undo restores everything', async () => {
    const a = await create(ana, acme, { name: 'Marko Marić', email: 'marko@example.com', tags: ['vip'] });
    const b = await create(ana, acme, {
      name: 'Marko Maric',
      phone: '091 111 2222',
      notes: 'Met at the fair',
      tags: ['fair'],
    });
    const note = await post(ana, url(acme, `/${b.id}/timeline`), { body: 'Called him' });
    expect(note.statusCode).toBe(201);
    const event = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/events`,
      payload: { title: 'Call Marko', start_at: '2026-12-01T09:00:00Z', customer_id: b.id },
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json().data.id as number;
    const feedBefore = (await readChanges(t.ctx, acme, 0, 1000)).at(-1)?.id ?? 0;

    const res = await post(ana, url(acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [b.id],
      fields: { name: b.id },
      versions: { [a.id]: a.version, [b.id]: b.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json().data;
    // Chosen: b's name; defaults: the newest non-empty value (b was updated last), else the survivor's.
    expect(merged.survivor).toMatchObject({
      id: a.id,
      name: 'Marko Maric',
      email: 'marko@example.com',
      phone: '091 111 2222',
      notes: 'Met at the fair',
      tags: ['vip', 'fair'],
      version: a.version + 1,
    });
    expect((await get(ana, url(acme, `/${b.id}`))).statusCode).toBe(404);
    const timeline = (await get(ana, url(acme, `/${a.id}/timeline`))).json().data.items;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['merged', 'note', 'created']),
    );
    expect(timeline.filter((e: { kind: string }) => e.kind === 'created')).toHaveLength(2);
    expect((await get(ana, `/api/companies/${acme}/events/${eventId}`)).json().data.customer_id).toBe(a.id);
    expect(
      (await get(ana, `${url(acme)}?tag=fair`)).json().data.items.map((c: { id: number }) => c.id),
    ).toEqual([a.id]);
    const feed = await readChanges(t.ctx, acme, feedBefore, 100);
    expect(feed.map((e) => e.type)).toEqual(['customer.merged']);
    expect(feed[0]?.data).toMatchObject({ merge_id: merged.merge_id, merged_ids: [b.id] });
    expect(merged.duplicates).toBeUndefined();
    // b's email and phone now lead to a.
    expect((await duplicatesOf({ phone: '+385911112222' })).map((i) => i.customer.id)).toEqual([a.id]);

    const undo = await post(ana, url(acme, `/merges/${merged.merge_id}/undo`));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.restored_ids).toEqual([b.id]);
    expect(undo.json().data.survivor).toMatchObject({
      name: 'Marko Marić',
      phone: null,
      notes: null,
      tags: ['vip'],
    });
    const back = (await get(ana, url(acme, `/${b.id}`))).json().data;
    expect(back).toMatchObject({ id: b.id, name: 'Marko Maric', phone: '091 111 2222', tags: ['fair'] });
    const bTimeline = (await get(ana, url(acme, `/${b.id}/timeline`))).json().data.items;
    expect(bTimeline.map((e: { kind: string }) => e.kind)).toEqual(['todo_created', 'note', 'created']);
    expect((await get(ana, `/api/companies/${acme}/events/${eventId}`)).json().data.customer_id).toBe(b.id);
    expect(
      (await get(ana, `${url(acme)}?tag=fair`)).json().data.items.map((c: { id: number }) => c.id),
    ).toEqual([b.id]);
    const afterUndo = await readChanges(t.ctx, acme, feedBefore, 100);
    expect(afterUndo.map((e) => e.type)).toEqual(['customer.merged', 'customer.merge_undone']);
    // Both are in the audit log, with the customers each concerned.
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select(['action', 'entity_id', 'after'])
      .where('company_id', '=', acme)
      .where('action', 'in', ['customer.merge', 'customer.merge_undo'])
      .orderBy('id')
      .execute();
    expect(audit.map((e) => [e.action, e.entity_id, JSON.parse(String(e.after))])).toEqual([
      [
        'customer.merge',
        String(a.id),
        { name: 'Marko Maric', merged_ids: [b.id], merged_names: 'Marko Maric' },
      ],
      [
        'customer.merge_undo',
        String(a.id),
        { name: 'Marko Marić', restored_ids: [b.id], restored_names: 'Marko Maric' },
      ],
    ]);
    // Once only.
    expect((await post(ana, url(acme, `/merges/${merged.merge_id}/undo`))).statusCode).toBe(409);
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const a = await create(ana, acme, { name: 'Stale A' });
    const b = await create(ana, acme, { name: 'Stale B' });
    const res = await post(ana, url(acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [b.id],
      versions: { [a.id]: a.version, [b.id]: b.version + 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stale_update');
    expect((await get(ana, url(acme, `/${b.id}`))).statusCode).toBe(200);
  });

  it("another company's customer in a merge answers 404 and changes nothing", async () => {
    const a = await create(ana, acme, { name: 'Ours' });
    const theirs = await create(eva, beta, { name: 'Theirs' });
    const res = await post(ana, url(acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [theirs.id],
      versions: { [a.id]: a.version, [theirs.id]: theirs.version },
    });
    expect(res.statusCode).toBe(404);
    expect((await get(eva, url(beta, `/${theirs.id}`))).statusCode).toBe(200);
    expect(
      (
        await post(eva, url(beta, '/merge'), {
          survivor_id: theirs.id,
          merged_ids: [a.id],
          versions: { [a.id]: 1, [theirs.id]: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('another company cannot undo a merge', async () => {
    const a = await create(ana, acme, { name: 'Undo A' });
    const b = await create(ana, acme, { name: 'Undo B' });
    const res = await post(ana, url(acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [b.id],
      versions: { [a.id]: a.version, [b.id]: b.version },
    });
    const mergeId = res.json().data.merge_id;
    expect((await post(eva, url(beta, `/merges/${mergeId}/undo`))).statusCode).toBe(404);
    expect((await get(ana, url(acme, `/${b.id}`))).statusCode).toBe(404);
  });

  it('refuses a body without versions, with a repeated id or a field from outside the merge', async () => {
    const bad = [
      { survivor_id: 1, merged_ids: [2] },
      { survivor_id: 1, merged_ids: [1], versions: { 1: 1 } },
      { survivor_id: 1, merged_ids: [2], fields: { name: 3 }, versions: { 1: 1, 2: 1 } },
      { survivor_id: 1, merged_ids: [2], fields: { tags: 1 }, versions: { 1: 1, 2: 1 } },
    ];
    for (const body of bad) {
      const res = await post(ana, url(acme, '/merge'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toBeDefined();
    }
  });
});
