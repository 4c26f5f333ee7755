import { describe, expect, it } from 'vitest';
import { apiFilterOf, boardFilterOf, parseDealFilter } from './deal-filter.ts';

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

  it('keeps own-field filters for the list and the export; the board does not take them', () => {
    const filter = parseDealFilter(
      new URLSearchParams('q=roof&custom.size.gte=10&custom.kind=a&custom.kind=b'),
    );
    expect(filter).toEqual({ q: 'roof', 'custom.size.gte': '10', 'custom.kind': ['a', 'b'] });
    expect(apiFilterOf(filter)).toEqual(filter);
    expect(boardFilterOf(filter)).toEqual({ q: 'roof' });
  });
});
