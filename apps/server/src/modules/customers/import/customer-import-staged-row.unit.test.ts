import { describe, expect, it } from 'vitest';
import type { EditableCustomer } from '../customer-dto.ts';
import { packStaged, type StagedRow, unpackStaged } from './customer-import-staged-row.ts';

const customer: EditableCustomer = {
  type: 'person',
  name: 'Ana Horvat',
  first_name: 'Ana',
  last_name: 'Horvat',
  organisation_name: null,
  email: 'ana@example.com',
  phone: '+385 1 234 5678',
  website: null,
  address: 'Ilica 1\nZagreb',
  country: 'HR',
  oib: null,
  status: 'lead',
  owner_id: 7,
  tags: ['a', 'b'],
  source: null,
  notes: 'says "hi"',
};

/** What staging a row as an object gave back: its JSON read again. */
const asBefore = (row: StagedRow) => JSON.parse(JSON.stringify(row)) as StagedRow;
const throughStaging = (row: StagedRow) => unpackStaged(JSON.parse(JSON.stringify(packStaged(row))));

describe('a staged customer row', () => {
  it('reads back as the row it was, whatever it carries', () => {
    const rows: StagedRow[] = [
      { customer, present: ['name', 'email', 'tags', 'owner_id'], id: null, organisations: [], custom: {} },
      { customer, present: ['notes', 'type'], id: 42, organisations: [], custom: {} },
      { customer, present: [], id: null, organisations: ['Kontora', 'Acme'], custom: {} },
      { customer, present: ['status'], id: null, organisations: [], custom: { size: 3, tier: ['x'] } },
      { customer, present: ['phone', 'not_a_field'], id: 5, organisations: ['K'], custom: { note: null } },
    ];
    for (const row of rows) expect(throughStaging(row)).toEqual(asBefore(row));
  });

  it('keeps the order of the fields the cells gave', () => {
    const row = { customer, present: ['tags', 'name', 'email'], id: null, organisations: [], custom: {} };
    expect(throughStaging(row).present).toEqual(['tags', 'name', 'email']);
  });

  it('is stored in under half the bytes', () => {
    const row = {
      customer,
      present: ['name', 'email', 'phone', 'tags'],
      id: null,
      organisations: [],
      custom: {},
    };
    expect(JSON.stringify(packStaged(row)).length).toBeLessThan(JSON.stringify(row).length * 0.5);
  });
});
