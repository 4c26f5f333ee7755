import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';

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
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  // A new observer per loaded page: its first report says whether the end is
  // still in view (a tall screen), so pages keep coming until it is not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` re-arms the observer on purpose
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, loaded]);

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
