import type { CustomField } from '@kontora/contract/custom-fields';
import type { Customer } from '@kontora/contract/customers';
import { describe, expect, it } from 'vitest';
import { defaultOwnChoices, differingOwnFields } from './merge-choices.ts';

const field = (key: string, archived = false) => ({ key, archived, type: 'text' }) as CustomField;
const customer = (id: number, custom: Record<string, unknown>) => ({ id, custom }) as unknown as Customer;

describe('own fields in the merge dialog', () => {
  const customers = [
    customer(1, { motto: 'one', size: null }),
    customer(2, { motto: 'two', size: ['a'], same: 'x' }),
    customer(3, { size: ['b'], same: 'x' }),
  ];
  const fields = [field('motto'), field('size'), field('same'), field('old', true)];

  it('offers each distinct value of the fields that differ', () => {
    expect(differingOwnFields(customers, fields)).toEqual([
      {
        field: fields[0],
        options: [
          { id: 1, value: 'one' },
          { id: 2, value: 'two' },
          { id: 3, value: null },
        ],
      },
      {
        field: fields[1],
        options: [
          { id: 1, value: null },
          { id: 2, value: ['a'] },
          { id: 3, value: ['b'] },
        ],
      },
      {
        field: fields[2],
        options: [
          { id: 1, value: null },
          { id: 2, value: 'x' },
        ],
      },
    ]);
  });

  it("defaults to the survivor's value, else the first other customer's", () => {
    expect(defaultOwnChoices(customers, fields, 1)).toEqual({ motto: 1, size: 2, same: 2 });
    expect(defaultOwnChoices(customers, fields, 3)).toEqual({ motto: 1, size: 3, same: 2 });
  });
});
