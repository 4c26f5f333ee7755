import type { Board, Deal } from '@kontora/contract/deals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { dealKeys } from '../../shared/api/deal-keys.ts';
import { getDeals } from '../../shared/api/get-deals.ts';
import { type BoardFilter, PER_COLUMN } from '../api/get-board.ts';
import { moveDeal } from '../api/move-deal.ts';
import { appendPage, applyMove, placeAmong, replaceDeal } from '../lib/board-moves.ts';

/** The order a column's further pages come in: the board's own (docs/decisions/052-deal-board-drag-and-drop.md). */
const COLUMN_ORDER = { sort: 'position', dir: 'asc' } as const;

/**
 * Moves and column paging of one board, all on its one cached answer: a move shows at once
 * (the card, the counts and sums), is sent with the deal's version, and is undone when the
 * server refuses it; a 409 (someone changed the deal meanwhile) reloads the board and says so.
 */
export function useBoardMoves(companyId: number, pipelineId: number, filter: BoardFilter) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = dealKeys.board(companyId, pipelineId, filter);
  const [loading, setLoading] = useState<Record<number, boolean>>({});

  const read = () => queryClient.getQueryData<Board>(key);
  const write = (change: (board: Board) => Board) =>
    queryClient.setQueryData<Board>(key, (board) => (board ? change(board) : board));

  const commit = async (deal: Deal, stageId: number, orderedIds: readonly number[], lostReason?: string) => {
    await queryClient.cancelQueries({ queryKey: key, exact: true });
    const before = read();
    if (!before) return;
    const fromIndex =
      before.columns
        .find((column) => column.stage_id === deal.stage_id)
        ?.items.findIndex((d) => d.id === deal.id) ?? 0;
    write((board) => applyMove(board, deal.id, stageId, orderedIds.indexOf(deal.id)));
    try {
      const saved = await moveDeal(companyId, deal.id, {
        stage_id: stageId,
        ...placeAmong(orderedIds, deal.id),
        version: deal.version,
        ...(lostReason ? { lost_reason: lostReason } : {}),
      });
      write((board) => replaceDeal(board, saved));
      queryClient.setQueryData(dealKeys.deal(companyId, saved.id), saved);
      // Lists, pages and other boards showing the deal; this board already shows the move.
      void queryClient.invalidateQueries({
        queryKey: dealKeys.all(companyId),
        predicate: (query) => query.queryKey[3] !== 'board',
      });
    } catch (error) {
      write((board) => applyMove(board, deal.id, deal.stage_id, Math.max(0, fromIndex)));
      if (isApiError(error) && error.status === 409) {
        notify('info', t('deals.board.conflict', { title: deal.title }));
        void queryClient.invalidateQueries({ queryKey: key });
      } else {
        notify('danger', problemText(t, error) ?? errorMessage(t, error));
      }
    }
  };

  const loadMore = async (stageId: number) => {
    const cursor = read()?.columns.find((column) => column.stage_id === stageId)?.next_cursor;
    if (!cursor || loading[stageId]) return;
    setLoading((state) => ({ ...state, [stageId]: true }));
    try {
      const page = await getDeals(companyId, {
        ...filter,
        ...COLUMN_ORDER,
        pipeline_id: pipelineId,
        stage_id: stageId,
        cursor,
        limit: PER_COLUMN,
      });
      write((board) => appendPage(board, stageId, page));
    } catch (error) {
      notify('danger', errorMessage(t, error));
    } finally {
      setLoading((state) => ({ ...state, [stageId]: false }));
    }
  };

  return { commit, loadMore, loading };
}
