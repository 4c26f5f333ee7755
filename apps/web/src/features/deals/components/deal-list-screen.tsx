import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import type { DealMatchQuery } from '@kontora/contract/deals';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/list-states.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useDealPages } from '../../shared/api/get-deals.ts';
import { usePipelines } from '../../shared/api/get-pipelines.ts';
import { OwnFieldFilters } from '../../shared/components/custom-fields/own-field-filters.tsx';
import { useImportParam } from '../../shared/components/import/use-import-param.ts';
import { ViewsBar } from '../../shared/components/list-columns/views-bar.tsx';
import { MatchCount, SelectAllMatching } from '../../shared/components/list-selection/match-count.tsx';
import { useListSelection } from '../../shared/components/list-selection/use-list-selection.ts';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import { useDealCount } from '../api/get-deal-count.ts';
import { apiFilterOf, listOrderOf } from '../lib/deal-filter.ts';
import { dealImportKind } from '../lib/deal-import-kind.ts';
import { DealBulkBar } from './deal-bulk-bar.tsx';
import { useDealColumns } from './deal-columns.tsx';
import { DealExportButton } from './deal-export-button.tsx';
import { DealFilters } from './deal-filters.tsx';
import { DealTable } from './deal-table.tsx';
import { DealsHeader } from './deals-header.tsx';
import { LazyDealDialog } from './lazy-deal-dialog.ts';
import { LoadMoreEnd } from './load-more-end.tsx';
import { useDealFilter } from './use-deal-filter.ts';
import { useDealViews } from './use-deal-views.ts';

// The wizard (and its CSV preview) loads when first opened.
const ImportWizard = lazy(() =>
  import('../../shared/components/import/import-wizard.tsx').then((m) => ({ default: m.ImportWizard })),
);

/**
 * The deals as a list (`#/company/deals/list`): the board's filters, a sort (by an own field
 * too), columns chosen among the built-in ones and the company's own fields, keyset pages,
 * bulk changes.
 */
export function DealListScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const pipelines = usePipelines(companyId).data?.items ?? [];
  const { filter, search, update, fields } = useDealFilter();
  const owners = useOwnerOptions(companyId).options;
  const listColumns = useDealColumns(fields);
  const views = useDealViews(companyId, filter, update, listColumns);
  const shown = views.columns.flatMap((column) => {
    const def = listColumns.defOf(column);
    return def ? [{ column, def }] : [];
  });
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useImportParam();
  const order = listOrderOf(filter);
  // The list's filters as a count and a change by filter read them (no sort).
  const match = useMemo(
    () =>
      ({
        ...apiFilterOf(filter),
        ...(filter.pipeline ? { pipeline_id: filter.pipeline } : {}),
      }) as DealMatchQuery,
    [filter],
  );
  const pages = useDealPages(companyId, { ...match, sort: order.sort, dir: order.dir });
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const count = useDealCount(companyId, match);
  const selection = useListSelection(items, JSON.stringify(match), match);

  return (
    <>
      <DealsHeader
        view="list"
        search={search}
        pipelines={pipelines}
        pipelineId={filter.pipeline}
        onPipeline={(id) => update({ pipeline: id })}
        onNew={() => setCreating(true)}
      >
        <DealExportButton filter={filter} />
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setImporting(true)}>
          {t('deals.csv.import')}
        </button>
      </DealsHeader>
      <ViewsBar views={views} />
      <DealFilters filter={filter} update={update} />
      <OwnFieldFilters fields={fields} filter={filter} update={update} owners={owners} />
      <MatchCount record="deal" count={count.data} stale={count.isPlaceholderData} />
      <DealBulkBar
        target={selection.target(count.data?.count ?? 0)}
        pipelines={pipelines}
        onDone={selection.clear}
      >
        {selection.allLoadedSelected && pages.hasNextPage && (
          // A change by filter reaches at most the server's bulk limit of deals.
          <SelectAllMatching
            record="deal"
            count={count.data}
            max={DEAL_LIMITS.bulkMax}
            onSelect={selection.selectAllMatching}
          />
        )}
      </DealBulkBar>
      {pages.isError ? (
        <LoadError error={pages.error} onRetry={() => void pages.refetch()} />
      ) : pages.isPending ? (
        <p className="text-body-secondary">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{t('deals.list.none')}</p>
      ) : (
        <>
          <DealTable
            deals={items}
            pipelines={pipelines}
            columns={shown}
            sort={filter.sort ?? 'updated_at'}
            dir={order.dir}
            onSort={(next, nextDir) => update({ sort: next, dir: nextDir })}
            selected={selection.selected}
            onSelect={selection.replace}
          />
          <LoadMoreEnd
            hasMore={Boolean(pages.hasNextPage)}
            loading={pages.isFetchingNextPage}
            loaded={items.length}
            onLoadMore={() => void pages.fetchNextPage()}
          />
        </>
      )}
      <OnceOpened open={importing}>
        <ImportWizard kind={dealImportKind} open={importing} onClose={() => setImporting(false)} />
      </OnceOpened>
      <LazyDealDialog
        open={creating}
        onClose={() => setCreating(false)}
        draft={{ pipeline_id: filter.pipeline }}
        openCreated
      />
    </>
  );
}
