import type { CustomerCreateBody } from '@kontora/contract/customers';
import { describe, expect, it } from 'vitest';
import { derivedColumns } from '../customer-derived-columns.ts';
import { completeCustomer, type EditableCustomer } from '../customer-dto.ts';
import { DerivedColumnsThread } from './derived-columns-thread.ts';

const customer = (over: Partial<CustomerCreateBody>): EditableCustomer =>
  completeCustomer({
    type: 'person',
    name: 'Ana Horvat',
    status: 'lead',
    tags: [],
    ...over,
  } as CustomerCreateBody);

const CUSTOMERS = [
  customer({}),
  customer({
    name: 'Đurđa Šimić-Žagar',
    phone: '091 234 5678',
    country: 'HR',
    address: 'Ilica 1,\n10000 Zagreb',
  }),
  customer({ type: 'organisation', name: 'KONTORA d.o.o.', oib: '12345678901', email: 'info@kontora.hr' }),
  customer({ name: "O'Brien Ltd", phone: '+44 20 7946 0018', address: 'Baker St. 221b, London' }),
  customer({ name: '  spaced   out  ', first_name: 'Spaced', last_name: 'Out' }),
];

describe('derived columns made on a thread', () => {
  it('are the columns the writer would make, batch by batch and in order', async () => {
    const thread = new DerivedColumnsThread();
    try {
      const [first, second] = await Promise.all([
        thread.derive(CUSTOMERS),
        thread.derive([...CUSTOMERS].reverse()),
      ]);
      expect(first).toEqual(CUSTOMERS.map(derivedColumns));
      expect(second).toEqual([...CUSTOMERS].reverse().map(derivedColumns));
    } finally {
      await thread.close();
    }
  });

  it('answers nothing once the thread is gone, so the writer makes them itself', async () => {
    const thread = new DerivedColumnsThread();
    await thread.close();
    expect(await thread.derive(CUSTOMERS)).toBeUndefined();
  });
});
