import type { Pipeline } from '@kontora/contract/pipelines';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { PipelineSelect } from '../../shared/components/pipeline-select.tsx';

/** Title, Board/List switch (filters kept), the pipeline picker, the view's own actions and "New deal". */
export function DealsHeader({
  view,
  search,
  pipelines,
  pipelineId,
  onPipeline,
  onNew,
  children,
}: {
  view: 'board' | 'list';
  /** The address's filters, carried over to the other view. */
  search: string;
  pipelines: readonly Pipeline[];
  pipelineId: number | undefined;
  onPipeline: (id: string) => void;
  onNew: () => void;
  /** More actions of the view (the list's export and import). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const suffix = search ? `?${search}` : '';
  return (
    <PageHeader title={t('deals.title')}>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <nav aria-label={t('deals.views')} className="btn-group">
          <Link
            className={`btn btn-sm ${view === 'board' ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-current={view === 'board' ? 'page' : undefined}
            to={`${paths.company.deals.href()}${suffix}`}
          >
            {t('deals.board.title')}
          </Link>
          <Link
            className={`btn btn-sm ${view === 'list' ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-current={view === 'list' ? 'page' : undefined}
            to={`${paths.company.dealList.href()}${suffix}`}
          >
            {t('deals.list.title')}
          </Link>
        </nav>
        {pipelines.length > 0 && (
          <PipelineSelect
            pipelines={pipelines}
            pipelineId={pipelineId}
            allowAll={view === 'list'}
            onChange={onPipeline}
          />
        )}
        {children}
        <button type="button" className="btn btn-sm btn-primary" onClick={onNew}>
          {t('deals.new')}
        </button>
      </div>
    </PageHeader>
  );
}
