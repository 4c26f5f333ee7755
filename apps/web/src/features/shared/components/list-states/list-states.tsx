import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state.tsx';
import type { IconName } from '../../../../components/icon.tsx';
import { LoadError } from '../../../../components/list-states.tsx';
import { ListSkeleton, type SkeletonShape } from './list-skeleton.tsx';
import './list-states.css';

/** What the states read from a TanStack query (plain or infinite). */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** The rows belong to the previous search or filter (`placeholderData: keepPreviousData`). */
  isPlaceholderData?: boolean;
};

type ListStatesProps = {
  query: ListQuery;
  isEmpty: boolean;
  icon: IconName;
  emptyTitle: string;
  emptyText?: string;
  /** The first load's stand-in: rows (tables, lists) or tiles (a grid of media). */
  skeleton?: SkeletonShape;
  /** Inside a card already: the empty state and skeleton draw no card of their own. */
  inline?: boolean;
  children: ReactNode;
};

/**
 * Every list's four states in one place (decision 020): a skeleton on the
 * first load (the page keeps its shape, no lone spinner), the error with
 * "Try again", the empty state, and the rows. While a new search or filter
 * loads, the previous answer stays visible but dimmed, marked busy, under a
 * progress bar, so that nobody reads it as the answer to the new question.
 */
export function ListStates({
  query,
  isEmpty,
  icon,
  emptyTitle,
  emptyText,
  skeleton = 'rows',
  inline = false,
  children,
}: ListStatesProps) {
  if (query.isPending) return <ListSkeleton shape={skeleton} framed={!inline} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const content = isEmpty ? (
    inline ? (
      <p className="text-body-secondary mb-0">{emptyText ? `${emptyTitle} ${emptyText}` : emptyTitle}</p>
    ) : (
      <EmptyState icon={icon} title={emptyTitle}>
        {emptyText && <p className="mb-0">{emptyText}</p>}
      </EmptyState>
    )
  ) : (
    children
  );
  return <Reloading stale={Boolean(query.isPlaceholderData)}>{content}</Reloading>;
}

/** The previous answer while the next one loads: dimmed and busy, with an indeterminate progress bar above. */
export function Reloading({ stale, children }: { stale: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`kt-reloading${stale ? ' kt-stale' : ''}`} aria-busy={stale || undefined}>
      {stale && (
        <div
          className="kt-reload-bar"
          role="progressbar"
          aria-label={t('views.reloading')}
          aria-valuetext={t('views.reloading')}
        />
      )}
      {children}
    </div>
  );
}
