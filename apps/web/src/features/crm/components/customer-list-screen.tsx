import type { Customer } from '@kontora/contract/customers';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useCustomFields } from '../../shared/api/custom-fields.ts';
import { customParamsOf, useCustomerPages } from '../../shared/api/get-customers.ts';
import { OwnFieldFilters } from '../../shared/components/custom-fields/own-field-filters.tsx';
import { useImportParam } from '../../shared/components/import/use-import-param.ts';
import { ViewsBar } from '../../shared/components/list-columns/views-bar.tsx';
import { MatchCount, SelectAllMatching } from '../../shared/components/list-selection/match-count.tsx';
import { useListSelection } from '../../shared/components/list-selection/use-list-selection.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import { useCustomerCount } from '../api/get-customer-count.ts';
import { customerImportKind } from './customer-import-kind.ts';
import { BulkBar } from './customers/bulk-bar.tsx';
import { useListColumns } from './customers/customer-columns.tsx';
import { CustomerFilters } from './customers/customer-filters.tsx';
import { CustomerTable } from './customers/customer-table.tsx';
import { ExportButton } from './customers/export-button.tsx';
import { LazyCustomerDialog } from './customers/lazy-customer-dialog.ts';
import { LoadMore } from './customers/load-more.tsx';
import {
  type CustomerSort,
  isFiltered,
  knownFieldsOnly,
  sortableWithSearch,
  sortOf,
  useCustomerFilter,
} from './customers/use-customer-filter.ts';
import { useListViews } from './customers/use-list-views.ts';

// Loads on first opening: the import wizard is not open on most visits to the list.
const ImportWizard = lazy(() =>
  import('../../shared/components/import/import-wizard.tsx').then((m) => ({ default: m.ImportWizard })),
);

// Loads with a selection: the list's first paint stays free of the compose dialog (and zod).
const BulkEmailButton = lazy(() =>
  import('./email-compose/bulk-email-button.tsx').then((m) => ({ default: m.BulkEmailButton })),
);
const PAGE_SIZE = 50;
/** Dates read best newest first; names (and own fields) A to Z. */
const FIRST_DIR: Partial<Record<CustomerSort, 'asc' | 'desc'>> = {
  created_at: 'desc',
  updated_at: 'desc',
};

/** The company's customers: search, filters and sort in the address, keyset pages, bulk actions, import and export. */
export function CustomerListScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const { filter: asked, filterKey, update } = useCustomerFilter();
  const fieldList = useCustomFields(companyId, 'customer').data;
  const fields = useMemo(() => fieldList?.filter((f) => !f.archived) ?? [], [fieldList]);
  const keys = useMemo(
    () => (fieldList ? new Set(fields.map((f) => f.key)) : undefined),
    [fieldList, fields],
  );
  // A field archived or deleted since the link or view was made drops out of the filter.
  const filter = useMemo(() => sortableWithSearch(knownFieldsOnly(asked, keys)), [asked, keys]);
  const listColumns = useListColumns(fields);
  const owners = useOwnerOptions(companyId).options;
  const pages = useCustomerPages(companyId, filter, PAGE_SIZE);
  const customers = useMemo<Customer[]>(
    () => pages.data?.pages.flatMap((page) => page.items) ?? [],
    [pages.data],
  );
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useImportParam();
  const sort = sortOf(filter);
  const match = useMemo(
    () => ({
      q: filter.q,
      status: filter.status,
      owner_id: filter.owner_id,
      tag: filter.tag,
      organisation_id: filter.organisation_id,
      ...customParamsOf(filter),
    }),
    [filter],
  );
  // The rows first draw in a deferred render, split into short tasks, with the skeleton standing
  // until then: drawn in the synchronous render of the first page's answer, they were the longest
  // task of a phone's first load (docs/decisions/099-answers-drawn-in-short-tasks.md).
  const rowsDrawn = useDeferredValue(!pages.isPending);
  const count = useCustomerCount(companyId, match);
  const selection = useListSelection(customers, filterKey, match);
  const target = selection.target(count.data?.count ?? 0);
  const views = useListViews(companyId, filter, update, listColumns);

  const onSort = (column: CustomerSort) => {
    const dir = sort.sort === column ? (sort.dir === 'asc' ? 'desc' : 'asc') : (FIRST_DIR[column] ?? 'asc');
    update({ sort: column, dir });
  };

  return (
    <>
      <PageHeader title={t('menu.customers')}>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-outline-secondary" to={paths.company.duplicates.href()}>
            {t('duplicates.link')}
          </Link>
          <button type="button" className="btn btn-outline-primary" onClick={() => setImporting(true)}>
            {t('crm.customers.import')}
          </button>
          <ExportButton filter={filter} />
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {t('crm.customers.new')}
          </button>
        </div>
      </PageHeader>
      <ViewsBar views={views} />
      <CustomerFilters filter={filter} update={update} owners={owners} />
      <OwnFieldFilters fields={fields} filter={filter} update={update} owners={owners} />
      {filter.q && (
        <p className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span>{t('crm.customers.searchFor', { q: filter.q })}</span>
          <button type="button" className="btn btn-sm btn-link p-0" onClick={() => update({ q: '' })}>
            {t('crm.customers.clearSearch')}
          </button>
        </p>
      )}
      <MatchCount count={count.data} stale={count.isPlaceholderData} />
      {target && (
        <BulkBar
          target={target}
          onDone={selection.clear}
          extraActions={(ids) => (
            <Suspense fallback={null}>
              <BulkEmailButton companyId={companyId} ids={ids} />
            </Suspense>
          )}
        >
          {selection.allLoadedSelected && pages.hasNextPage && (
            <SelectAllMatching count={count.data} onSelect={selection.selectAllMatching} />
          )}
        </BulkBar>
      )}
      <ListStates
        query={{
          isPending: pages.isPending || !rowsDrawn,
          isError: pages.isError,
          error: pages.error,
          refetch: pages.refetch,
          isPlaceholderData: pages.isPlaceholderData,
        }}
        isEmpty={customers.length === 0}
        icon="users"
        emptyTitle={isFiltered(filter) ? t('crm.customers.noMatch') : t('crm.customers.none')}
        emptyText={isFiltered(filter) ? t('crm.customers.noMatchText') : t('crm.customers.noneText')}
      >
        <CustomerTable
          customers={customers}
          sort={sort}
          onSort={onSort}
          selected={selection.selected}
          onSelect={selection.onSelect}
          columns={views.columns}
          defOf={listColumns.defOf}
          footer={
            <div className="px-3 pb-3">
              <LoadMore
                loaded={customers.length}
                hasMore={pages.hasNextPage}
                loading={pages.isFetchingNextPage}
                onLoadMore={() => void pages.fetchNextPage()}
              />
            </div>
          }
        />
      </ListStates>
      <LazyCustomerDialog open={creating} onClose={() => setCreating(false)} />
      <OnceOpened open={importing}>
        <ImportWizard kind={customerImportKind} open={importing} onClose={() => setImporting(false)} />
      </OnceOpened>
    </>
  );
}
