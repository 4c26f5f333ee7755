import { describe, expect, it } from 'vitest';
import { apiFilterOf, listOrderOf, parseDealFilter } from './deal-filter.ts';

describe('parseDealFilter', () => {
  it('reads the address filters the API takes', () => {
    const filter = parseDealFilter(
      new URLSearchParams(
        'pipeline=3&q=%20acme%20&owner_id=7&tag=VIP&close_from=2026-01-01&close_to=2026-12-31&sort=amount&dir=asc',
      ),
    );
    expect(filter).toEqual({
      pipeline: 3,
      q: 'acme',
      owner_id: 7,
      tag: 'vip',
      close_from: '2026-01-01',
      close_to: '2026-12-31',
      sort: 'amount',
      dir: 'asc',
    });
    expect(apiFilterOf(filter)).toEqual({
      q: 'acme',
      owner_id: 7,
      tag: 'vip',
      close_from: '2026-01-01',
      close_to: '2026-12-31',
    });
  });

  it('drops what the API would refuse', () => {
    expect(
      parseDealFilter(new URLSearchParams('pipeline=x&owner_id=-1&close_from=tomorrow&sort=rank&dir=up')),
    ).toEqual({});
  });

  it('keeps own-field filters for the list, the board and the export', () => {
    const filter = parseDealFilter(
      new URLSearchParams('q=roof&custom.size.gte=10&custom.kind=a&custom.kind=b'),
    );
    expect(filter).toEqual({ q: 'roof', 'custom.size.gte': '10', 'custom.kind': ['a', 'b'] });
    expect(apiFilterOf(filter)).toEqual(filter);
  });

  it('sorts by an own field, its direction as the API names it', () => {
    const asc = parseDealFilter(new URLSearchParams('sort=custom.size'));
    expect(asc).toEqual({ sort: 'custom.size' });
    expect(listOrderOf(asc)).toEqual({ sort: 'custom.size', dir: 'asc' });
    const desc = parseDealFilter(new URLSearchParams('sort=custom.size&dir=desc'));
    expect(listOrderOf(desc)).toEqual({ sort: '-custom.size', dir: 'desc' });
    expect(listOrderOf({})).toEqual({ sort: 'updated_at', dir: 'desc' });
    expect(listOrderOf({ sort: 'title', dir: 'asc' })).toEqual({ sort: 'title', dir: 'asc' });
    expect(parseDealFilter(new URLSearchParams('sort=custom.Bad-key'))).toEqual({});
  });
});
