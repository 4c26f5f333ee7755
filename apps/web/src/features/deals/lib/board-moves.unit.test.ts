import type { Board, Deal } from '@kontora/contract/deals';
import { describe, expect, it } from 'vitest';
import {
  appendPage,
  applyMove,
  columnIdsOf,
  moveAcross,
  moveWithin,
  placeAmong,
  replaceDeal,
} from './board-moves.ts';

const deal = (id: number, stage_id: number, amount: number | null, currency = 'EUR'): Deal =>
  ({ id, stage_id, amount, currency, title: `D${id}`, version: 1 }) as Deal;

const board = (): Board => ({
  pipeline_id: 1,
  currency: 'EUR',
  columns: [
    {
      stage_id: 10,
      count: 3,
      amount_total: 600.5,
      items: [deal(1, 10, 100.25), deal(2, 10, 200), deal(3, 10, 300.25)],
      next_cursor: null,
    },
    {
      stage_id: 20,
      count: 2,
      amount_total: 50,
      items: [deal(4, 20, 50), deal(5, 20, 70, 'USD')],
      next_cursor: 'c',
    },
  ],
});

describe('placeAmong', () => {
  it('names the next card, else the previous one, else nothing (top of an empty column)', () => {
    expect(placeAmong([7, 8, 9], 8)).toEqual({ before_id: 9 });
    expect(placeAmong([7, 8, 9], 7)).toEqual({ before_id: 8 });
    expect(placeAmong([7, 8, 9], 9)).toEqual({ after_id: 8 });
    expect(placeAmong([9], 9)).toEqual({});
  });
});

describe('applyMove', () => {
  it('moves the card and its value between the columns, to the cent', () => {
    const next = applyMove(board(), 1, 20, 1);
    const [from, to] = next.columns;
    expect(from?.items.map((d) => d.id)).toEqual([2, 3]);
    expect(from).toMatchObject({ count: 2, amount_total: 500.25 });
    expect(to?.items.map((d) => d.id)).toEqual([4, 1, 5]);
    expect(to).toMatchObject({ count: 3, amount_total: 150.25 });
    expect(to?.items[1]?.stage_id).toBe(20);
  });

  it('leaves sums alone for a deal in another currency, as the server does', () => {
    const next = applyMove(board(), 5, 10, 0);
    expect(next.columns[0]).toMatchObject({ count: 4, amount_total: 600.5 });
    expect(next.columns[1]).toMatchObject({ count: 1, amount_total: 50 });
  });

  it('reorders within a column without changing its count or sum', () => {
    const next = applyMove(board(), 3, 10, 0);
    expect(next.columns[0]?.items.map((d) => d.id)).toEqual([3, 1, 2]);
    expect(next.columns[0]).toMatchObject({ count: 3, amount_total: 600.5 });
  });
});

describe('drag state', () => {
  const ids = columnIdsOf(board());

  it('joins another column at the hovered card, or at its end', () => {
    expect(moveAcross(ids, 2, 20, 5)).toMatchObject({ 10: [1, 3], 20: [4, 2, 5] });
    expect(moveAcross(ids, 2, 20)).toMatchObject({ 10: [1, 3], 20: [4, 5, 2] });
    expect(moveAcross(ids, 2, 10, 1)).toBe(ids);
  });

  it('takes the hovered card place within its column', () => {
    expect(moveWithin(ids, 1, 3)[10]).toEqual([2, 3, 1]);
    expect(moveWithin(ids, 3, 1)[10]).toEqual([3, 1, 2]);
  });
});

describe('paging and saved deals', () => {
  it('appends a further page without repeating a card already shown', () => {
    const next = appendPage(board(), 20, {
      items: [deal(5, 20, 70, 'USD'), deal(6, 20, 1)],
      next_cursor: null,
    });
    expect(next.columns[1]?.items.map((d) => d.id)).toEqual([4, 5, 6]);
    expect(next.columns[1]?.next_cursor).toBeNull();
  });

  it('puts the saved deal in place of the moved card', () => {
    const next = replaceDeal(board(), { ...deal(2, 10, 200), version: 2 });
    expect(next.columns[0]?.items[1]?.version).toBe(2);
  });
});
