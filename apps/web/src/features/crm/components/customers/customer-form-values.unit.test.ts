import type { Customer } from '@kontora/contract/customers';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  customerResolver,
  EMPTY_CUSTOMER,
  organisationsChanged,
  toBodyInput,
  toFormValues,
} from './customer-form-values.ts';

const customer: Customer = {
  id: 7,
  type: 'person',
  name: 'Petra Kovač',
  first_name: 'Petra',
  last_name: 'Kovač',
  organisation_name: null,
  email: 'petra@example.com',
  phone: null,
  website: null,
  address: null,
  country: 'HR',
  oib: null,
  status: 'lead',
  owner_id: 3,
  owner_name: 'Ana Horvat',
  tags: ['vip', 'fair'],
  source: null,
  notes: null,
  organisation_ids: [],
  organisations: [],
  custom: {},
  version: 2,
  created_by: 3,
  updated_by: 3,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

const resolve = (values: typeof EMPTY_CUSTOMER) => customerResolver(values, undefined, {} as never);

describe('customer form values', () => {
  it('show a derived display name as empty, so that it keeps following the name parts', () => {
    expect(toFormValues(customer).name).toBe('');
    expect(toFormValues({ ...customer, name: 'Petra (fair)' }).name).toBe('Petra (fair)');
  });

  it('turn the owner into a number and the tags into a list, and leave out the other type’s name fields', () => {
    const body = toBodyInput({
      ...EMPTY_CUSTOMER,
      type: 'organisation',
      first_name: 'x',
      owner_id: '3',
      tags: 'a, b',
    });
    expect(body.owner_id).toBe(3);
    expect(body.tags).toEqual(['a', ' b']);
    expect('first_name' in body).toBe(false);
    expect(toBodyInput(EMPTY_CUSTOMER).owner_id).toBeNull();
  });

  it('list only the fields that differ, ignoring the hidden name fields of the other type', () => {
    const before = toFormValues(customer);
    expect(changedFields(before, { ...before, phone: '+385 1 234 567', status: 'prospect' })).toEqual([
      'phone',
      'status',
    ]);
    expect(
      changedFields(before, { ...before, type: 'organisation', organisation_name: 'Kovač d.o.o.' }),
    ).toEqual(['type', 'organisation_name']);
  });

  it('send a person’s organisations with emptied roles as none, and only when they changed', () => {
    const before = toFormValues({
      ...customer,
      organisation_ids: [4],
      organisations: [{ id: 4, name: 'Acme', role: 'CFO' }],
    });
    const after = {
      ...before,
      organisations: [
        { id: 4, name: 'Acme', role: ' ' },
        { id: 9, name: 'Globex', role: 'Board' },
      ],
    };
    expect(toBodyInput(after).organisations).toEqual([
      { id: 4, role: null },
      { id: 9, role: 'Board' },
    ]);
    expect(organisationsChanged(before, before)).toBe(false);
    expect(organisationsChanged(before, after)).toBe(true);
    // An organisation has no organisations: none are sent.
    expect('organisations' in toBodyInput({ ...after, type: 'organisation', organisation_name: 'X' })).toBe(
      false,
    );
  });

  it('check with the contract: a missing name is reported on the first name, a bad OIB on its field', async () => {
    expect((await resolve(EMPTY_CUSTOMER)).errors.first_name?.message).toBe('required');
    expect(
      (await resolve({ ...EMPTY_CUSTOMER, type: 'organisation' })).errors.organisation_name?.message,
    ).toBe('required');
    const bad = await resolve({ ...EMPTY_CUSTOMER, first_name: 'Petra', oib: '12345678901' });
    expect(bad.errors.oib?.message).toBe('invalid_oib');
    const good = await resolve({
      ...EMPTY_CUSTOMER,
      first_name: 'Petra',
      oib: '45678901239',
      tags: 'VIP, vip',
    });
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ first_name: 'Petra', oib: '45678901239', tags: ['vip'] });
  });
});
