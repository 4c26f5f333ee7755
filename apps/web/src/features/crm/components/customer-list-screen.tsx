import type { Customer } from '@kontora/contract/customers';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListStates } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useCustomerPages } from '../../shared/api/get-customers.ts';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import { BulkBar } from './customers/bulk-bar.tsx';
import { CustomerDialog } from './customers/customer-dialog.tsx';
import { CustomerFilters } from './customers/customer-filters.tsx';
import { CustomerTable } from './customers/customer-table.tsx';
import { ExportButton } from './customers/export-button.tsx';
import { LoadMore } from './customers/load-more.tsx';
import { type CustomerSort, isFiltered, sortOf, useCustomerFilter } from './customers/use-customer-filter.ts';
import { ImportWizard } from './import/import-wizard.tsx';

const PAGE_SIZE = 50;
/** Dates read best newest first; names A to Z. */
const FIRST_DIR: Record<CustomerSort, 'asc' | 'desc'> = {
  name: 'asc',
  created_at: 'desc',
  updated_at: 'desc',
};

/** The company's customers: search, filters and sort in the address, keyset pages, bulk actions, import and export. */
export function CustomerListScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const { filter, filterKey, update } = useCustomerFilter();
  const owners = useOwnerOptions(companyId).options;
  const pages = useCustomerPages(companyId, filter, PAGE_SIZE);
  const customers = useMemo<Customer[]>(
    () => pages.data?.pages.flatMap((page) => page.items) ?? [],
    [pages.data],
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  // `?import=1` (the link on the integration screen) opens the import; the address then forgets it.
  const [importing, setImporting] = useState(() => params.get('import') === '1');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (params.has('import')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('import');
          return next;
        },
        { replace: true },
      );
    }
  }, []);
  const sort = sortOf(filter);

  // A new filter shows other customers: a selection made in the old list would act unseen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter text is the trigger
  useEffect(() => setSelected(new Set()), [filterKey]);
  // Only rows still listed count (a deletion elsewhere, a refetch).
  const selectedIds = customers.filter((c) => selected.has(c.id)).map((c) => c.id);

  const onSelect = (ids: readonly number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const onSort = (column: CustomerSort) => {
    const dir = sort.sort === column ? (sort.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[column];
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
      <CustomerFilters filter={filter} update={update} owners={owners} />
      {filter.q && (
        <p className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span>{t('crm.customers.searchFor', { q: filter.q })}</span>
          <button type="button" className="btn btn-sm btn-link p-0" onClick={() => update({ q: '' })}>
            {t('crm.customers.clearSearch')}
          </button>
        </p>
      )}
      {selectedIds.length > 0 && <BulkBar ids={selectedIds} onDone={() => setSelected(new Set())} />}
      <ListStates
        query={pages}
        isEmpty={customers.length === 0}
        icon="users"
        emptyTitle={isFiltered(filter) ? t('crm.customers.noMatch') : t('crm.customers.none')}
        emptyText={isFiltered(filter) ? t('crm.customers.noMatchText') : t('crm.customers.noneText')}
      >
        <CustomerTable
          customers={customers}
          sort={sort}
          onSort={onSort}
          selected={selected}
          onSelect={onSelect}
        />
        <LoadMore
          loaded={customers.length}
          hasMore={pages.hasNextPage}
          loading={pages.isFetchingNextPage}
          onLoadMore={() => void pages.fetchNextPage()}
        />
      </ListStates>
      <CustomerDialog open={creating} onClose={() => setCreating(false)} />
      <ImportWizard open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
