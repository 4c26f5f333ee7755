import { useTranslation } from 'react-i18next';

/**
 * A first load's stand-in for a table: grey bars where rows will be, so the
 * page keeps its shape (no lone spinner, nothing jumps when the rows arrive).
 */
export function TableSkeleton({ rows = 8, columns = 5 }: { rows?: number; columns?: number }) {
  const { t } = useTranslation();
  return (
    <div className="card kt-card" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <div className="card-body placeholder-glow" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows, never reordered
          <div key={row} className="d-flex gap-3 py-2 border-bottom">
            {Array.from({ length: columns }, (_, column) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells
                key={column}
                className={`placeholder ${column === 0 ? 'col-3' : 'col-2'}`}
                style={{ opacity: 0.35 + ((row + column) % 3) * 0.1 }}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
