import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { useLoadWhenSeen } from '../../../../lib/use-load-when-seen.ts';

type LoadMoreProps = {
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
};

/**
 * Infinite scrolling for keyset pages: the next page loads when the end of the
 * list scrolls into view, and there is a button for keyboards and for browsers
 * without IntersectionObserver. Only what is looked at is ever loaded.
 */
export function LoadMore({ loaded, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const sentinel = useLoadWhenSeen<HTMLDivElement>({
    loaded,
    hasMore,
    loading,
    onLoadMore,
    rootMargin: '200px',
  });

  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
      <span className="text-body-secondary" role="status">
        {hasMore
          ? t('crm.customers.shown', { number: format.number(loaded) })
          : t('crm.customers.allShown', { number: format.number(loaded) })}
      </span>
      {hasMore && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={onLoadMore}
          disabled={loading}
          aria-busy={loading}
        >
          {loading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('crm.customers.loadMore')}
        </button>
      )}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
