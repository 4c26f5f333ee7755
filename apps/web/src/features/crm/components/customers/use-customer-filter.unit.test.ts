import { describe, expect, it } from 'vitest';
import { isFiltered, parseCustomerFilter, sortOf } from './use-customer-filter.ts';

const parse = (search: string) => parseCustomerFilter(new URLSearchParams(search));

describe('customer list filter in the address', () => {
  it('reads every parameter the API takes', () => {
    expect(parse('q=%20novak%20&status=lead&owner_id=4&tag=VIP&sort=updated_at&dir=desc')).toEqual({
      q: 'novak',
      status: 'lead',
      owner_id: 4,
      tag: 'vip',
      sort: 'updated_at',
      dir: 'desc',
    });
  });

  it('drops what the API would refuse instead of failing the list', () => {
    expect(parse('status=won&owner_id=abc&sort=email&dir=up&q=%20%20')).toEqual({});
    expect(parse('owner_id=-1')).toEqual({});
  });

  it('sorts by name A to Z unless told otherwise; the sort alone is no filter', () => {
    expect(sortOf({})).toEqual({ sort: 'name', dir: 'asc' });
    expect(isFiltered({ sort: 'created_at', dir: 'desc' })).toBe(false);
    expect(isFiltered({ tag: 'vip' })).toBe(true);
  });
});
