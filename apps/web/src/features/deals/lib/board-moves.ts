import type { Board, BoardColumn, Deal, DealPage } from '@kontora/contract/deals';

/** Where a card lands, as `POST …/deals/{id}/move` names it: before its new next card, else after its previous one. */
export function placeAmong(
  ids: readonly number[],
  dealId: number,
): { before_id: number } | { after_id: number } | Record<string, never> {
  const index = ids.indexOf(dealId);
  const next = ids[index + 1];
  if (index >= 0 && next !== undefined) return { before_id: next };
  const previous = index > 0 ? ids[index - 1] : undefined;
  return previous === undefined ? {} : { after_id: previous };
}

const amountIn = (deal: Deal, currency: string) =>
  deal.currency === currency && deal.amount !== null ? deal.amount : 0;

/** Cents, so that sums of two-decimal amounts stay exact. */
const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/**
 * The board with one card taken out of its column and put into `toStageId` at `index`; counts
 * and sums follow (a sum adds only deals in the board's currency, as the server's does).
 */
export function applyMove(board: Board, dealId: number, toStageId: number, index: number): Board {
  const from = board.columns.find((column) => column.items.some((deal) => deal.id === dealId));
  const deal = from?.items.find((item) => item.id === dealId);
  if (!from || !deal) return board;
  const moved: Deal = { ...deal, stage_id: toStageId };
  const value = amountIn(deal, board.currency);
  const columns = board.columns.map((column): BoardColumn => {
    let items = column.items;
    let { count, amount_total } = column;
    if (column === from) {
      items = items.filter((item) => item.id !== dealId);
      count -= 1;
      amount_total = addMoney(amount_total, -value);
    }
    if (column.stage_id === toStageId) {
      items = [...items.slice(0, index), moved, ...items.slice(index)];
      count += 1;
      amount_total = addMoney(amount_total, value);
    }
    return items === column.items ? column : { ...column, items, count, amount_total };
  });
  return { ...board, columns };
}

/** The saved deal in place of the moved card (its new version, status, rotting mark). */
export function replaceDeal(board: Board, deal: Deal): Board {
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.items.some((item) => item.id === deal.id)
        ? { ...column, items: column.items.map((item) => (item.id === deal.id ? deal : item)) }
        : column,
    ),
  };
}

/** A further page of one column appended; cards already shown (moved there meanwhile) are not repeated. */
export function appendPage(board: Board, stageId: number, page: DealPage): Board {
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.stage_id !== stageId) return column;
      const shown = new Set(column.items.map((deal) => deal.id));
      const fresh = page.items.filter((deal) => !shown.has(deal.id));
      return { ...column, items: [...column.items, ...fresh], next_cursor: page.next_cursor };
    }),
  };
}

export type ColumnIds = Record<number, number[]>;

export const columnIdsOf = (board: Board): ColumnIds =>
  Object.fromEntries(board.columns.map((column) => [column.stage_id, column.items.map((deal) => deal.id)]));

/** The column holding a card during a drag. */
export function columnOf(ids: ColumnIds, dealId: number): number | undefined {
  for (const [stageId, list] of Object.entries(ids)) if (list.includes(dealId)) return Number(stageId);
  return undefined;
}

/**
 * A card dragged over another column (or a card of it): it joins that column at the hovered
 * card's place, or at the end when over the column itself. Unchanged when already there.
 */
export function moveAcross(
  ids: ColumnIds,
  dealId: number,
  toStageId: number,
  overDealId?: number,
): ColumnIds {
  const fromStageId = columnOf(ids, dealId);
  if (fromStageId === undefined || fromStageId === toStageId) return ids;
  const target = ids[toStageId] ?? [];
  const overIndex = overDealId === undefined ? -1 : target.indexOf(overDealId);
  const index = overIndex >= 0 ? overIndex : target.length;
  return {
    ...ids,
    [fromStageId]: (ids[fromStageId] ?? []).filter((id) => id !== dealId),
    [toStageId]: [...target.slice(0, index), dealId, ...target.slice(index)],
  };
}

/** Within one column: the card takes the hovered card's place. */
export function moveWithin(ids: ColumnIds, dealId: number, overDealId: number): ColumnIds {
  const stageId = columnOf(ids, dealId);
  if (stageId === undefined) return ids;
  const list = ids[stageId] ?? [];
  const from = list.indexOf(dealId);
  const to = list.indexOf(overDealId);
  if (from < 0 || to < 0 || from === to) return ids;
  const next = list.filter((id) => id !== dealId);
  next.splice(to, 0, dealId);
  return { ...ids, [stageId]: next };
}
