import type { CustomField } from '@kontora/contract/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/** Sections of own fields (docs/decisions/081-custom-field-sections.md): a name per field, order by position. */

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload }) });
async function ok(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const fieldsUrl = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;
const listed = async (token: string, company: number, record: 'customer' | 'deal') =>
  ((await ok(token, 'GET', fieldsUrl(company, `?record=${record}`))).items as CustomField[]).map((f) => [
    f.key,
    f.section,
    f.position,
  ]);

describe('field sections', () => {
  it('a field is created in a section, moved to another and back to the default; the list answers them in order', async () => {
    const billing = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), {
      record: 'deal',
      key: 'invoice_terms',
      label: 'Invoice terms',
      type: 'text',
      section: '  Billing  ',
    });
    expect(billing.section).toBe('Billing');
    const plain = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), {
      record: 'deal',
      key: 'region',
      label: 'Region',
      type: 'text',
    });
    expect(plain.section).toBeNull();
    const empty = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), {
      record: 'deal',
      key: 'po_number',
      label: 'PO number',
      type: 'text',
      section: '',
    });
    expect(empty.section).toBeNull();
    expect(await listed(c.marko.token, c.acme, 'deal')).toEqual([
      ['invoice_terms', 'Billing', 0],
      ['region', null, 1],
      ['po_number', null, 2],
    ]);

    // Arranging: the PO number joins Billing and moves first; the region leaves no section.
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${empty.id}`), { section: 'Billing', position: 0 });
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${billing.id}`), { position: 1 });
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${plain.id}`), { position: 2, label: 'Area' });
    expect(await listed(c.marko.token, c.acme, 'deal')).toEqual([
      ['po_number', 'Billing', 0],
      ['invoice_terms', 'Billing', 1],
      ['region', null, 2],
    ]);
    // A PATCH without `section` keeps it; null and '' put the field back in the default group.
    const kept = await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${billing.id}`), { label: 'Terms' });
    expect(kept.section).toBe('Billing');
    expect(
      (await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${billing.id}`), { section: null })).section,
    ).toBe(null);
    expect((await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${empty.id}`), { section: '' })).section).toBe(
      null,
    );
    // The customer fields have sections of their own.
    expect(await listed(c.ana.token, c.acme, 'customer')).toEqual([]);
  });

  it('refuses a section over 60 characters, a non-string and control characters at `section`, saving nothing', async () => {
    const base = { record: 'customer', key: 'too_long', label: 'L', type: 'text' };
    for (const section of ['x'.repeat(61), 42, 'a\u0007b']) {
      const res = await call(c.ana.token, 'POST', fieldsUrl(c.acme), { ...base, section });
      expect(res.statusCode, String(section)).toBe(400);
      expect(Object.keys(res.json().details)).toEqual(['section']);
    }
    const longest = 'y'.repeat(60);
    const made = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), { ...base, section: longest });
    expect(made.section).toBe(longest);
    const patch = await call(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${made.id}`), {
      section: 'z'.repeat(61),
      label: 'Changed',
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().details).toEqual({ section: ['too_long'] });
    const after = (await ok(c.ana.token, 'GET', fieldsUrl(c.acme, '?record=customer')))
      .items as CustomField[];
    expect(after.find((f) => f.id === made.id)).toMatchObject({ section: longest, label: 'L' });
  });

  it("members cannot name sections; another company's field is a 404 and stays as it was", async () => {
    const theirs = await ok(c.eva.token, 'POST', fieldsUrl(c.beta), {
      record: 'customer',
      key: 'beta_only',
      label: 'Beta only',
      type: 'text',
      section: 'Secret',
    });
    const mine = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), {
      record: 'customer',
      key: 'acme_own',
      label: 'Acme own',
      type: 'text',
    });
    expect(
      (await call(c.marko.token, 'PATCH', fieldsUrl(c.acme, `/${mine.id}`), { section: 'X' })).statusCode,
    ).toBe(403);
    const cross = await call(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${theirs.id}`), {
      section: 'Taken over',
      position: 0,
    });
    expect(cross.statusCode).toBe(404);
    expect(await listed(c.eva.token, c.beta, 'customer')).toEqual([['beta_only', 'Secret', 0]]);
    expect((await listed(c.ana.token, c.acme, 'customer')).map(([key]) => key)).not.toContain('beta_only');
  });
});

describe('renaming a section', () => {
  const rename = (token: string, company: number, body: object) =>
    call(token, 'POST', fieldsUrl(company, '/sections/rename'), body);

  it('renames it on all its fields in one request, archived ones too, and leaves other sections and companies alone', async () => {
    const make = (token: string, company: number, key: string, section: string | null) =>
      ok(token, 'POST', fieldsUrl(company), { record: 'customer', key, label: key, type: 'text', section });
    await make(c.ana.token, c.acme, 'vat_id', 'Invoicing');
    await make(c.ana.token, c.acme, 'iban', 'Invoicing');
    const old = await make(c.ana.token, c.acme, 'old_iban', 'Invoicing');
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${old.id}`), { archived: true });
    await make(c.ana.token, c.acme, 'hobby', 'Personal');
    await make(c.eva.token, c.beta, 'their_vat', 'Invoicing');

    const res = await rename(c.ana.token, c.acme, { record: 'customer', from: 'Invoicing', to: ' Billing ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((f: CustomField) => [f.key, f.section])).toEqual([
      ['vat_id', 'Billing'],
      ['iban', 'Billing'],
      ['old_iban', 'Billing'],
    ]);
    const sections = async (token: string, company: number) =>
      Object.fromEntries(
        ((await ok(token, 'GET', fieldsUrl(company, '?record=customer'))).items as CustomField[]).map((f) => [
          f.key,
          f.section,
        ]),
      );
    expect(await sections(c.ana.token, c.acme)).toMatchObject({
      vat_id: 'Billing',
      iban: 'Billing',
      hobby: 'Personal',
    });
    expect(await sections(c.eva.token, c.beta)).toMatchObject({ their_vat: 'Invoicing' });
    // To the default group: the name goes.
    const plain = await rename(c.ana.token, c.acme, { record: 'customer', from: 'Personal', to: '' });
    expect(plain.json().data.items.map((f: CustomField) => [f.key, f.section])).toEqual([['hobby', null]]);
  });

  it('refuses a bad request, an unknown section, a member and another company', async () => {
    for (const [body, path] of [
      [{ record: 'customer', from: '', to: 'x' }, 'from'],
      [{ record: 'customer', from: 'Billing', to: 'x'.repeat(61) }, 'to'],
      [{ record: 'lead', from: 'Billing', to: 'x' }, 'record'],
      [{ record: 'customer', from: 'Billing' }, 'to'],
    ] as const) {
      const res = await rename(c.ana.token, c.acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().details ?? {})).toContain(path);
    }
    // Beta's "Invoicing" is not Acme's, and Acme's "Billing" is nothing in Beta.
    expect(
      (await rename(c.ana.token, c.acme, { record: 'customer', from: 'Invoicing', to: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await rename(c.eva.token, c.beta, { record: 'customer', from: 'Billing', to: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await rename(c.eva.token, c.acme, { record: 'customer', from: 'Billing', to: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await rename(c.marko.token, c.acme, { record: 'customer', from: 'Billing', to: 'x' })).statusCode,
    ).toBe(403);
  });
});
