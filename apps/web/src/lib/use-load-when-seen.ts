import { type RefObject, useEffect, useRef } from 'react';

type LoadWhenSeen = {
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** How far before the end comes into view the next page is asked for. */
  rootMargin?: string;
  /** The scrolling box the end must show in (a board column); else the window. */
  root?: RefObject<Element | null>;
};

/**
 * Infinite scrolling for keyset pages: the element this returns asks for the next page when it
 * scrolls into view (of its scrolling box, or the window). A new observer per loaded page: its
 * first report says whether the end is still in view (a tall screen), so pages keep coming
 * until it is not.
 */
export function useLoadWhenSeen<T extends Element>({
  loaded,
  hasMore,
  loading,
  onLoadMore,
  rootMargin = '0px',
  root,
}: LoadWhenSeen): RefObject<T | null> {
  const sentinel = useRef<T>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` re-arms the observer on purpose
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin, root: root?.current ?? null },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, loaded, rootMargin, root]);
  return sentinel;
}
