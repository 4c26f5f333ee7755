import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../components/list-states.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { type BoardFilter, useBoard } from '../api/get-board.ts';
import { type ColumnIds, columnIdsOf, columnOf, moveAcross, moveWithin } from '../lib/board-moves.ts';
import { BoardColumn } from './board-column.tsx';
import { DealCardBody, useCardText } from './deal-card.tsx';
import { LostReasonDialog } from './lost-reason-dialog.tsx';
import { useBoardAnnouncements } from './use-board-announcements.ts';
import { useBoardMoves } from './use-board-moves.ts';
import './deal-board.css';

type PendingLost = { deal: Deal; stageId: number; ids: number[] };

const stageOfTarget = (ids: ColumnIds, overId: UniqueIdentifier): number | undefined =>
  typeof overId === 'string' ? Number(overId.split(':')[1]) : columnOf(ids, overId);

/**
 * The board of one pipeline: a column per stage. During a drag the board works on a copy of
 * the columns' card ids (so cards make room as the dragged one passes); the drop is sent as a
 * move with the new neighbours, and a drop into the lost stage first asks why.
 */
export function DealBoard({
  pipeline,
  filter,
  onAdd,
}: {
  pipeline: Pipeline;
  filter: BoardFilter;
  onAdd: (stageId: number) => void;
}) {
  const companyId = useCompanyId();
  const board = useBoard(companyId, pipeline.id, filter);
  const moves = useBoardMoves(companyId, pipeline.id, filter);
  const [dragIds, setDragIds] = useState<ColumnIds | null>(null);
  const dragRef = useRef<ColumnIds | null>(null);
  // The drop's announcement is made after the drag state is cleared: it reads the last columns.
  const lastIds = useRef<ColumnIds | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [pendingLost, setPendingLost] = useState<PendingLost | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dealById = useMemo(
    () =>
      new Map(
        (board.data?.columns ?? []).flatMap((column) => column.items.map((deal) => [deal.id, deal] as const)),
      ),
    [board.data],
  );
  // The board first draws in a deferred render, which React splits into short tasks: drawn in
  // the synchronous render of the query's answer, its columns of cards were one long task of a
  // phone's first load (docs/decisions/099-answers-drawn-in-short-tasks.md). Later answers
  // (moves, more cards) draw at once as before.
  const drawn = useDeferredValue(board.data !== undefined);
  const accessibility = useBoardAnnouncements({
    deal: (id) => dealById.get(Number(id)),
    stages: pipeline.stages,
    ids: () => dragRef.current ?? lastIds.current,
  });

  const setIds = (ids: ColumnIds | null) => {
    dragRef.current = ids;
    if (ids) lastIds.current = ids;
    setDragIds(ids);
  };
  const stop = () => {
    setIds(null);
    setActiveId(null);
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    if (!board.data) return;
    setActiveId(Number(active.id));
    setIds(columnIdsOf(board.data));
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const ids = dragRef.current;
    if (!ids || !over) return;
    const toStage = stageOfTarget(ids, over.id);
    if (toStage === undefined) return;
    const overDeal = typeof over.id === 'number' ? over.id : undefined;
    setIds(moveAcross(ids, Number(active.id), toStage, overDeal));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    let ids = dragRef.current;
    const deal = dealById.get(Number(active.id));
    stop();
    if (!ids || !over || !deal || !board.data) return;
    if (typeof over.id === 'number') ids = moveWithin(ids, deal.id, over.id);
    const stageId = columnOf(ids, deal.id);
    if (stageId === undefined) return;
    const list = ids[stageId] ?? [];
    const before = columnIdsOf(board.data)[deal.stage_id] ?? [];
    if (stageId === deal.stage_id && list.indexOf(deal.id) === before.indexOf(deal.id)) return;
    const lost = pipeline.stages.find((stage) => stage.id === stageId)?.kind === 'lost';
    if (lost && stageId !== deal.stage_id) setPendingLost({ deal, stageId, ids: list });
    else void moves.commit(deal, stageId, list);
  };

  if (board.isError) return <LoadError error={board.error} onRetry={() => void board.refetch()} />;
  if (!board.data || !drawn) return <PageSpinner />;
  const data = board.data;
  const active = activeId === null ? undefined : dealById.get(activeId);

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={accessibility}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={stop}
      >
        <div className="kt-board" data-testid="deal-board">
          {pipeline.stages.map((stage) => {
            const column = data.columns.find((c) => c.stage_id === stage.id);
            if (!column) return null;
            const deals = dragIds
              ? (dragIds[stage.id] ?? []).flatMap((id) => dealById.get(id) ?? [])
              : column.items;
            return (
              <BoardColumn
                key={stage.id}
                stage={stage}
                deals={deals}
                count={column.count}
                total={column.amount_total}
                currency={data.currency}
                hasMore={column.next_cursor !== null}
                loadingMore={Boolean(moves.loading[stage.id])}
                onLoadMore={() => void moves.loadMore(stage.id)}
                onAdd={() => onAdd(stage.id)}
              />
            );
          })}
        </div>
        <DragOverlay>
          {active ? (
            <div className="kt-deal-card card shadow">
              <div className="card-body p-2">
                <DraggedCardBody deal={active} />
              </div>
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <LostReasonDialog
        open={pendingLost !== null}
        dealTitle={pendingLost?.deal.title ?? ''}
        onCancel={() => setPendingLost(null)}
        onConfirm={(reason) => {
          if (pendingLost) void moves.commit(pendingLost.deal, pendingLost.stageId, pendingLost.ids, reason);
          setPendingLost(null);
        }}
      />
    </>
  );
}

/** The card under the pointer while dragging: mounted only then, so it may have its own hooks. */
function DraggedCardBody({ deal }: { deal: Deal }) {
  return <DealCardBody deal={deal} text={useCardText()} />;
}
