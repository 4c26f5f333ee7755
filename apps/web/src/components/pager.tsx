import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';

type PagerProps = {
  offset: number;
  limit: number;
  /** Items on the current page. */
  count: number;
  total: number;
  onChange: (offset: number) => void;
};

/** "1–20 of 57" with previous and next, for offset-paged lists; nothing when one page holds all. */
export function Pager({ offset, limit, count, total, onChange }: PagerProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (total <= limit && offset === 0) return null;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-3 mt-3" aria-label={t('common.pagination')}>
      <span className="text-body-secondary">
        {t('common.range', {
          from: format.number(count === 0 ? 0 : offset + 1),
          to: format.number(offset + count),
          total: format.number(total),
        })}
      </span>
      <div className="btn-group">
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          {t('common.previous')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={offset + limit >= total}
          onClick={() => onChange(offset + limit)}
        >
          {t('common.next')}
        </button>
      </div>
    </nav>
  );
}
