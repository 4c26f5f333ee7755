import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Deal as DealRecord } from '@kontora/contract/deals';
import type { Stage } from '@kontora/contract/pipelines';
import { useRef } from 'react';
import { formatMoney } from '../../../lib/format-money.ts';
import { DealCard, useCardText } from './deal-card.tsx';
import { LoadMoreEnd } from './load-more-end.tsx';

export const columnDropId = (stageId: number) => `column:${stageId}`;

type BoardColumnProps = {
  stage: Stage;
  deals: DealRecord[];
  count: number;
  total: number;
  currency: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onAdd: () => void;
};

/** One stage: its count and sum, its cards in board order, more as it scrolls, "+" for a new deal here. */
export function BoardColumn(props: BoardColumnProps) {
  const { stage, deals, count, total, currency, hasMore, loadingMore, onLoadMore, onAdd } = props;
  const text = useCardText();
  const { t, language, format } = text;
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(stage.id), data: { stageId: stage.id } });
  const headingId = `kt-stage-${stage.id}`;
  // The column scrolls by itself: its end is looked for inside it, not in the window.
  const body = useRef<HTMLDivElement>(null);
  return (
    <section
      className={`kt-board-column card${isOver ? ' kt-board-column-over' : ''}`}
      aria-labelledby={headingId}
      data-stage-id={stage.id}
    >
      <div className="card-header p-2">
        <div className="d-flex align-items-center gap-2">
          <h2 className="h6 mb-0 me-auto text-truncate" id={headingId}>
            {stage.name}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary py-0"
            aria-label={t('deals.board.addInStage', { stage: stage.name })}
            onClick={onAdd}
          >
            +
          </button>
        </div>
        <div className="small text-body-secondary kt-board-column-totals">
          <span>{t('deals.board.count', { number: format.number(count) })}</span>
          {' · '}
          <span data-testid="column-sum">{formatMoney(total, currency, language)}</span>
        </div>
      </div>
      <div ref={body} className="kt-board-column-body p-2">
        <SortableContext
          id={columnDropId(stage.id)}
          items={deals.map((deal) => deal.id)}
          strategy={verticalListSortingStrategy}
        >
          <ul
            ref={setNodeRef}
            className="list-unstyled mb-0 kt-board-column-list"
            aria-labelledby={headingId}
          >
            {deals.map((deal) => (
              <DealCard key={deal.id} deal={deal} text={text} />
            ))}
          </ul>
        </SortableContext>
        {deals.length === 0 && (
          <p className="small text-body-secondary mb-0">{t('deals.board.emptyColumn')}</p>
        )}
        <LoadMoreEnd
          root={body}
          hasMore={hasMore}
          loading={loadingMore}
          loaded={deals.length}
          onLoadMore={onLoadMore}
        />
      </div>
    </section>
  );
}
