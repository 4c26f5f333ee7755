import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  knownFieldsOnly,
  parseCustomerFilter,
  sortableWithSearch,
  sortOf,
} from './use-customer-filter.ts';

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

  it('reads own-field filters under the API’s names: any of repeats, a range end or empty holds one', () => {
    expect(
      parse(
        'custom.tier=gold&custom.tier=silver&custom.rooms.gte=10&custom.rooms.gte=20&custom.x.empty=true',
      ),
    ).toEqual({ 'custom.tier': ['gold', 'silver'], 'custom.rooms.gte': '20', 'custom.x.empty': 'true' });
    expect(parse('sort=custom.tier&dir=desc')).toEqual({ sort: 'custom.tier', dir: 'desc' });
    // Not a field's name or operator: dropped.
    expect(parse('custom.Tier=a&custom.tier.like=a&custom.tier=%20&sort=custom.&custom.a.b.gte=1')).toEqual(
      {},
    );
    expect(isFiltered({ 'custom.tier': 'gold' })).toBe(true);
  });

  it('drops filters and a sort on fields not in use once the fields are known', () => {
    const filter = {
      q: 'x',
      'custom.tier': 'gold',
      'custom.old.empty': 'true',
      sort: 'custom.old',
      dir: 'desc',
    } as const;
    expect(knownFieldsOnly(filter, undefined)).toBe(filter);
    expect(knownFieldsOnly(filter, new Set(['tier']))).toEqual({ q: 'x', 'custom.tier': 'gold' });
    expect(knownFieldsOnly(filter, new Set(['tier', 'old']))).toBe(filter);
  });

  it('sorts a search by name rather than by an own field, keeping its own-field filters', () => {
    expect(sortableWithSearch({ q: 'x', 'custom.tier': 'gold', sort: 'custom.tier', dir: 'desc' })).toEqual({
      q: 'x',
      'custom.tier': 'gold',
    });
    const plain = { 'custom.tier': 'gold', sort: 'custom.tier' } as const;
    expect(sortableWithSearch(plain)).toBe(plain);
  });
});
