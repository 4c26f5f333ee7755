import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { refreshSearchText } from '../customers/list/customer-search-refresh.ts';
import { refreshOwnWords } from '../deals/deal-search-refresh.ts';

/**
 * Own text values are found by the list's `q` and by the top bar's search (the same list
 * call with a small `limit`), for customers and deals, on both engines
 * (docs/decisions/084-own-text-values-searched.md): a changed value no longer finds its
 * record by the old words; an archived or deleted field's values leave the search and come
 * back with the field; another company's values are never found; select labels are not searched.
 */
let t: TestApp;
let c: TwoCompanies;

const recordsUrl = (record: 'customer' | 'deal', company: number, rest = '') =>
  `/api/companies/${company}/${record === 'customer' ? 'customers' : 'deals'}${rest}`;
const fieldsUrl = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;

async function ok(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await t.call(token, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json().data;
}

/** The ids a search answers, as the list (`limit` 50) or the top bar (`limit` 6) asks. */
async function found(
  record: 'customer' | 'deal',
  q: string,
  { company = c.acme, token = c.ana.token, limit = 50 } = {},
): Promise<number[]> {
  const data = await ok(
    token,
    'GET',
    recordsUrl(record, company, `?q=${encodeURIComponent(q)}&limit=${limit}`),
  );
  return (data.items as { id: number }[]).map((i) => i.id);
}

const fields = (record: 'customer' | 'deal') => [
  { record, key: 'note', label: 'Remark', type: 'text' },
  { record, key: 'story', label: 'Story', type: 'long_text' },
  { record, key: 'site', label: 'Site', type: 'url' },
  { record, key: 'mail', label: 'Mail', type: 'email' },
  { record, key: 'hotline', label: 'Hotline', type: 'phone' },
  {
    record,
    key: 'tier',
    label: 'Tier',
    type: 'single_select',
    options: [{ value: 'gold', label: 'Platinumish' }],
  },
];

/** Field ids by record kind and key, in Acme. */
const fieldIds = { customer: new Map<string, number>(), deal: new Map<string, number>() };

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  for (const record of ['customer', 'deal'] as const) {
    for (const body of fields(record)) {
      const field = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), body);
      fieldIds[record].set(body.key, field.id);
    }
    await ok(c.eva.token, 'POST', fieldsUrl(c.beta), { record, key: 'note', label: 'Note', type: 'text' });
  }
});
afterAll(() => t.close());

/** Far more distinct words than a record carries: the last one is past the cap. */
const story = `Marmalade ${Array.from({ length: 150 }, (_, i) => `filler${i}`).join(' ')} trailingword`;
const values = {
  note: 'Zeppelin harbour',
  story,
  site: 'https://www.quokka-travel.example/tours',
  mail: 'desk@ocelot.example',
  hotline: '+385 91 555 0199',
  tier: 'gold',
};

describe.each(['customer', 'deal'] as const)('own text values of a %s are searched', (record) => {
  let id: number;
  let other: number;
  let theirs: number;
  const create = (company: number, token: string, name: string, custom: object) =>
    ok(
      token,
      'POST',
      recordsUrl(record, company),
      record === 'customer' ? { name, custom } : { title: name, custom },
    );

  beforeAll(async () => {
    id = (await create(c.acme, c.ana.token, 'Plain Record', values)).id;
    other = (await create(c.acme, c.ana.token, 'Other Record', {})).id;
    theirs = (await create(c.beta, c.eva.token, 'Their Record', { note: 'Zeppelin harbour' })).id;
  });

  it('finds the record by each searched type, by the list and the top bar', async () => {
    for (const q of ['zeppelin', 'zepp harb', 'marmalade', 'quokka', 'ocelot', '0199', '385915550199']) {
      expect(await found(record, q), q).toEqual([id]);
      expect(await found(record, q, { limit: record === 'customer' ? 6 : 4 }), q).toEqual([id]);
    }
    // Address schemes and www are left out; a long text's far words are past the cap.
    expect(await found(record, 'www')).toEqual([]);
    expect(await found(record, 'trailingword')).toEqual([]);
    // A select's label is not a searched word.
    expect(await found(record, 'platinumish')).toEqual([]);
  });

  it("never finds another company's values, nor its own in another company", async () => {
    expect(await found(record, 'zeppelin', { company: c.beta, token: c.eva.token })).toEqual([theirs]);
    expect(await found(record, 'zeppelin')).not.toContain(theirs);
    expect(await found(record, 'quokka', { company: c.beta, token: c.eva.token })).toEqual([]);
  });

  it('follows a changed value: the old words no longer find the record', async () => {
    const read = await ok(c.ana.token, 'GET', recordsUrl(record, c.acme, `/${id}`));
    await ok(c.ana.token, 'PATCH', recordsUrl(record, c.acme, `/${id}`), {
      version: read.version,
      custom: { note: 'Gondola pier' },
    });
    expect(await found(record, 'zeppelin')).toEqual([]);
    expect(await found(record, 'gondola')).toEqual([id]);
    // An edit of a built-in field keeps the own words.
    const again = await ok(c.ana.token, 'GET', recordsUrl(record, c.acme, `/${id}`));
    await ok(
      c.ana.token,
      'PATCH',
      recordsUrl(record, c.acme, `/${id}`),
      record === 'customer'
        ? { version: again.version, name: 'Renamed Record' }
        : { version: again.version, title: 'Renamed Record' },
    );
    expect(await found(record, 'gondola renamed')).toEqual([id]);
  });

  it('takes values set in bulk', async () => {
    await ok(c.ana.token, 'POST', recordsUrl(record, c.acme, '/bulk'), {
      action: 'set_custom',
      ids: [other],
      custom: { note: 'Bulkword' },
    });
    expect(await found(record, 'bulkword')).toEqual([other]);
  });

  it("drops an archived or deleted field's values and brings them back with the field", async () => {
    const field = fieldIds[record].get('hotline');
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${field}`), { archived: true });
    await t.ctx.jobs.drain(60_000);
    expect(await found(record, '0199')).toEqual([]);
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${field}`), { archived: false });
    await t.ctx.jobs.drain(60_000);
    expect(await found(record, '0199')).toEqual([id]);

    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${field}`));
    await t.ctx.jobs.drain(60_000);
    expect(await found(record, '0199')).toEqual([]);
    expect(await found(record, 'gondola')).toEqual([id]);
    await ok(c.ana.token, 'POST', fieldsUrl(c.acme, `/${field}/restore`));
    await t.ctx.jobs.drain(60_000);
    expect(await found(record, '0199')).toEqual([id]);
  });

  it('finds a record by its name and own words together', async () => {
    const made = await create(c.acme, c.ana.token, 'Kovač Ledger', { note: 'Walrus tusk' });
    expect(await found(record, 'kovac walrus')).toEqual([made.id]);
    expect(await found(record, 'walrus')).toEqual([made.id]);
  });
});

describe('a new record’s own words are made with its row', () => {
  // A company of its own: the fields above are archived and deleted by other tests.
  let company: number;
  let token: string;
  beforeAll(async () => {
    const owner = await t.user('row-words@example.com');
    company = await t.company('Row Words', [0, 2], [{ userId: owner, role: 'owner' }]);
    token = await t.login('row-words@example.com');
    for (const record of ['customer', 'deal'] as const)
      for (const body of fields(record)) await ok(token, 'POST', fieldsUrl(company), body);
  });

  it('stores the words a refresh from the stored values would make, values given in any order', async () => {
    // Keys in the reverse of the form's order: the words still follow the form.
    const given = Object.fromEntries(Object.entries(values).reverse());
    const url = recordsUrl('customer', company);
    const created = await ok(token, 'POST', url, { name: 'Row Words', custom: given });
    expect(await found('customer', 'zeppelin', { company, token })).toEqual([created.id]);
    // Nothing left for the write door's refresh to change (decision 094).
    expect(await refreshSearchText(t.ctx.db, company, [created.id])).toBe(0);
    const blank = await ok(token, 'POST', url, { name: 'No Words' });
    expect(await refreshSearchText(t.ctx.db, company, [blank.id])).toBe(0);
  });

  it('gives a deal, created or imported, the words a refresh would make', async () => {
    const given = Object.fromEntries(Object.entries(values).reverse());
    const url = recordsUrl('deal', company);
    const created = await ok(token, 'POST', url, { title: 'Row Words', custom: given });
    expect(await found('deal', 'zeppelin', { company, token })).toEqual([created.id]);
    expect(await refreshOwnWords(t.ctx.db, company, [created.id])).toBe(0);
    // An import's batch: every searched type, columns in another order than the form's.
    const csv = [
      'title,Hotline,Mail,Site,Story,Remark',
      `Imported words,${values.hotline},${values.mail},${values.site},${values.story},Albatross cove`,
      'Imported blank,,,,,',
    ].join('\n');
    const res = await t.call(token, {
      method: 'POST',
      url: `${url}/import`,
      payload: `${csv}\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data, res.body).toMatchObject({ imported: 2 });
    const [imported] = await found('deal', 'albatross', { company, token });
    expect(imported).toBeDefined();
    for (const q of ['quokka', 'ocelot', '385915550199', 'marmalade'])
      expect(await found('deal', q, { company, token }), q).toEqual([imported, created.id]);
    const ids = (await ok(token, 'GET', `${url}?q=imported`)).items.map((d: { id: number }) => d.id);
    expect(ids).toHaveLength(2);
    expect(await refreshOwnWords(t.ctx.db, company, ids)).toBe(0);
  });
});

describe.each(['customer', 'deal'] as const)('own text values of a %s from a CSV import', (record) => {
  const importCsv = (csv: string, query = '') =>
    t.call(c.ana.token, {
      method: 'POST',
      url: recordsUrl(record, c.acme, `/import${query}`),
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });

  it('finds imported records by their own words', async () => {
    const res = await importCsv(
      record === 'customer'
        ? 'name,email,Remark\nImported Ivo,ivo@example.com,Narwhal crossing\n'
        : 'title,Remark\nImported deal,Narwhal crossing\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data, res.body).toMatchObject({ imported: 1 });
    const [hit] = await found(record, 'narwhal');
    expect(hit).toBeDefined();
    if (record === 'deal') return;
    // Update mode: the new value's words replace the old ones.
    const update = await importCsv(
      'name,email,Remark\nImported Ivo,ivo@example.com,Pelican\n',
      '?on_match=update&match_by=email',
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(await found(record, 'narwhal')).toEqual([]);
    expect(await found(record, 'pelican')).toEqual([hit]);
  });
});

describe('own text values through a merge of customers and its undo', () => {
  it('the survivor is found by the words it took; the undo gives them back', async () => {
    const make = async (name: string, custom: object) =>
      (await ok(c.ana.token, 'POST', recordsUrl('customer', c.acme), { name, custom })) as {
        id: number;
        version: number;
      };
    const survivor = await make('Merge Survivor', {});
    const merged = await make('Merge Merged', { note: 'Axolotl pond' });
    const merge = await ok(c.ana.token, 'POST', recordsUrl('customer', c.acme, '/merge'), {
      survivor_id: survivor.id,
      merged_ids: [merged.id],
      versions: { [survivor.id]: survivor.version, [merged.id]: merged.version },
    });
    expect(await found('customer', 'axolotl')).toEqual([survivor.id]);
    await ok(c.ana.token, 'POST', recordsUrl('customer', c.acme, `/merges/${merge.merge_id}/undo`));
    expect(await found('customer', 'axolotl')).toEqual([merged.id]);
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
