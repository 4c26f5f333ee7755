import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors.ts';
import { EmptyState } from './empty-state.tsx';
import type { IconName } from './icon.tsx';
import { PageSpinner } from './spinner.tsx';

/** A failed load with a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>{errorMessage(t, error)}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Loading, failed, empty, or the list itself. */
export function ListStates({
  query,
  isEmpty,
  icon,
  emptyTitle,
  emptyText,
  loading,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  icon: IconName;
  emptyTitle: string;
  emptyText?: string;
  /** What a first load shows instead of the spinner (a skeleton of the list). */
  loading?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return loading ?? <PageSpinner />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) {
    return (
      <EmptyState icon={icon} title={emptyTitle}>
        {emptyText && <p className="mb-0">{emptyText}</p>}
      </EmptyState>
    );
  }
  return <>{children}</>;
}
