import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Deal } from '@kontora/contract/deals';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { type Formatters, useFormatters } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-money.ts';

/**
 * What the cards write with, made once per column and handed down: a board's first render
 * draws every card, and translation hooks per card (three each) added up to most of its work.
 */
export type CardText = { t: TFunction; language: string; format: Formatters };

export function useCardText(): CardText {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => ({ t, language, format }), [t, language, format]);
}

/** What a card shows: title (a link to the deal), value, organisation, owner, expected close, "rotting". */
export function DealCardBody({ deal, text }: { deal: Deal; text: CardText }) {
  const { t, language, format } = text;
  return (
    <>
      <div className="d-flex align-items-start gap-2">
        <Link className="kt-deal-card-title fw-semibold me-auto" to={paths.company.deal.href(deal.id)}>
          {deal.title}
        </Link>
        {deal.rotting && <span className="badge text-bg-warning">{t('deals.card.rotting')}</span>}
      </div>
      {deal.amount !== null && (
        <div className="small">{formatMoney(deal.amount, deal.currency, language)}</div>
      )}
      {deal.organisation_name && <div className="small text-body-secondary">{deal.organisation_name}</div>}
      <div className="d-flex flex-wrap gap-2 small text-body-secondary">
        {deal.owner_name && <span>{deal.owner_name}</span>}
        {deal.expected_close_date && (
          <span>{t('deals.card.closes', { date: format.date(`${deal.expected_close_date}T12:00:00`) })}</span>
        )}
      </div>
    </>
  );
}

/**
 * A card of the board: dragged by its handle with the mouse, a finger or the keyboard (space
 * picks it up, arrows move it, space drops, Escape cancels), so the title stays a plain link.
 */
export function DealCard({ deal, text }: { deal: Deal; text: CardText }) {
  const { t } = text;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: deal.id, data: { stageId: deal.stage_id } });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`kt-deal-card card mb-2${isDragging ? ' kt-deal-card-dragging' : ''}${deal.rotting ? ' kt-deal-card-rotting' : ''}`}
      data-deal-id={deal.id}
    >
      <div className="card-body p-2 d-flex gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="kt-deal-handle btn btn-sm btn-link p-0 text-body-secondary"
          aria-label={t('deals.card.move', { title: deal.title })}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <div className="flex-grow-1 min-w-0">
          <DealCardBody deal={deal} text={text} />
        </div>
      </div>
    </li>
  );
}
