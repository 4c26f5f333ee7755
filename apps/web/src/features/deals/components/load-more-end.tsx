import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadWhenSeen } from '../../../lib/use-load-when-seen.ts';

/** A list's end: the next page loads when it scrolls into view; a button for keyboards. */
export function LoadMoreEnd({
  hasMore,
  loading,
  loaded,
  onLoadMore,
  root,
}: {
  /** The scrolling box it shows in (a board column); else the window. */
  root?: RefObject<Element | null>;
  hasMore: boolean;
  loading: boolean;
  loaded: number;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  const sentinel = useLoadWhenSeen<HTMLDivElement>({
    loaded,
    hasMore,
    loading,
    onLoadMore,
    root,
    rootMargin: '200px',
  });
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="text-center">
      <button type="button" className="btn btn-sm btn-link" disabled={loading} onClick={onLoadMore}>
        {loading ? t('common.loading') : t('deals.board.loadMore')}
      </button>
    </div>
  );
}
