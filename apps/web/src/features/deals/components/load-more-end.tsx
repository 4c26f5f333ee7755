import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's end: the next page loads when it scrolls into view; a button for keyboards. */
export function LoadMoreEnd({
  hasMore,
  loading,
  loaded,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  loaded: number;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` re-arms the observer after each page
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, loaded]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="text-center">
      <button type="button" className="btn btn-sm btn-link" disabled={loading} onClick={onLoadMore}>
        {loading ? t('common.loading') : t('deals.board.loadMore')}
      </button>
    </div>
  );
}
