import type { CustomValues } from '@kontora/contract/custom-fields';
import { CUSTOMER_LIMITS, CUSTOMER_STATUSES, type CustomerStatus } from '@kontora/contract/customer-values';
import type { CustomerBulkBody, CustomerMatch, CustomerMatchQuery } from '@kontora/contract/customers';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { BulkOwnField } from '../../../shared/components/custom-fields/bulk-own-field.tsx';
import type { BulkTarget } from '../../../shared/components/list-selection/use-list-selection.ts';
import { useBulkCustomers } from '../../api/bulk-customers.ts';
import { useBulkCustomersByFilter } from '../../api/bulk-customers-by-filter.ts';

// Loads when a merge starts: the customer list shows this bar, rarely the merge.
const MergeDialog = lazy(() =>
  import('../duplicates/merge-dialog.tsx').then((m) => ({ default: m.MergeDialog })),
);

type BulkAction = { action: 'set_status'; status: CustomerStatus } | { action: 'delete' };

type BulkBarProps = {
  target: BulkTarget<CustomerMatch>;
  onDone: () => void;
  /** Shown under the actions: the "select all matching" offer of the list. */
  children?: ReactNode;
  /**
   * Further actions on the selected rows (e.g. "Merge"), placed before "Clear
   * selection"; each gets the ticked ids, or none when the whole filter is selected.
   */
  extraActions?: (ids: readonly number[] | null) => ReactNode;
};

/** Actions on the selected customers: set a status, delete (after a confirmation that states the count). */
export function BulkBar({ target, onDone, children, extraActions }: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const companyId = useCompanyId();
  const byIds = useBulkCustomers(companyId);
  const byFilter = useBulkCustomersByFilter(companyId);
  const pending = byIds.isPending || byFilter.isPending;
  const [status, setStatus] = useState<CustomerStatus>('customer');
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const ids = target.kind === 'ids' ? target.ids : null;
  const count = format.number(target.kind === 'ids' ? target.ids.length : target.count);

  /** The API takes up to 1000 ids a call; a larger selection goes in parts. A filter is one call. */
  const run = async (action: BulkAction): Promise<number> => {
    if (target.kind === 'filter')
      // The list's standard filters; the own-field ones (strings) ride in the same object.
      return (await byFilter.mutateAsync({ ...action, filter: target.match as CustomerMatchQuery })).matched;
    let affected = 0;
    for (let start = 0; start < target.ids.length; start += CUSTOMER_LIMITS.bulkMax) {
      const part = target.ids.slice(start, start + CUSTOMER_LIMITS.bulkMax);
      const body: CustomerBulkBody = { ...action, ids: part };
      affected += (await byIds.mutateAsync(body)).affected.length;
    }
    return affected;
  };

  /**
   * Own fields on the ticked customers (all or none per call of 1000), or on every customer of
   * the filter in one call: the server takes up to 1000 matches, each checked as its own edit.
   */
  const setOwnField = async (custom: CustomValues) => {
    let affected = 0;
    if (target.kind === 'filter') {
      const filter = target.match as CustomerMatchQuery;
      affected = (await byFilter.mutateAsync({ action: 'set_custom', filter, custom })).matched;
    } else
      for (let start = 0; start < target.ids.length; start += CUSTOMER_LIMITS.bulkMax) {
        const part = target.ids.slice(start, start + CUSTOMER_LIMITS.bulkMax);
        affected += (await byIds.mutateAsync({ action: 'set_custom', ids: part, custom })).affected.length;
      }
    notify('success', t('customFields.bulk.done', { number: format.number(affected) }));
    onDone();
  };
  const selectedCount = target.kind === 'ids' ? target.ids.length : target.count;

  const setSelectedStatus = async () => {
    try {
      const affected = await run({ action: 'set_status', status });
      notify(
        'success',
        t('crm.customers.bulk.statusSet', {
          number: format.number(affected),
          status: t(`crm.status.${status}`),
        }),
      );
      onDone();
    } catch (error) {
      notify('danger', errorMessage(t, error));
    }
  };

  const deleteSelected = async () => {
    setDeleteError(null);
    try {
      const affected = await run({ action: 'delete' });
      notify('success', t('crm.customers.bulk.deleted', { number: format.number(affected) }));
      setConfirming(false);
      onDone();
    } catch (error) {
      setDeleteError(errorMessage(t, error));
    }
  };

  return (
    <section className="card kt-card mb-3 border-primary" aria-label={t('crm.customers.bulk.title')}>
      <div className="card-body d-flex flex-wrap align-items-end gap-3 py-2">
        <p className="mb-0 align-self-center fw-semibold" role="status">
          {target.kind === 'filter'
            ? t('views.allMatchingSelected', { number: count })
            : t('crm.customers.bulk.selected', { number: count })}
        </p>
        <div className="d-flex align-items-end gap-2">
          <div>
            <label htmlFor={`${id}-status`} className="form-label small mb-1">
              {t('crm.customers.bulk.newStatus')}
            </label>
            <select
              id={`${id}-status`}
              className="form-select form-select-sm"
              value={status}
              onChange={(event) => setStatus(event.target.value as CustomerStatus)}
            >
              {CUSTOMER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`crm.status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={pending}
            onClick={() => void setSelectedStatus()}
          >
            {t('crm.customers.bulk.setStatus')}
          </button>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={pending}
          onClick={() => {
            setDeleteError(null);
            setConfirming(true);
          }}
        >
          {t('crm.customers.bulk.delete')}
        </button>
        {/* A whole filter takes own fields up to what one call changes; ticked rows go in parts. */}
        {(target.kind === 'ids' || target.count <= CUSTOMER_LIMITS.bulkMax) && (
          <BulkOwnField record="customer" count={selectedCount} apply={setOwnField} />
        )}
        {ids && ids.length >= 2 && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setMerging(true)}>
            {t('merge.open')}
          </button>
        )}
        {extraActions?.(ids)}
        <button type="button" className="btn btn-sm btn-link ms-auto" onClick={onDone}>
          {t('crm.customers.bulk.clear')}
        </button>
      </div>
      {merging && ids && (
        <Suspense fallback={null}>
          <MergeDialog ids={ids} onClose={() => setMerging(false)} />
        </Suspense>
      )}
      {children && <div className="card-body border-top py-2">{children}</div>}
      <ConfirmDialog
        open={confirming}
        title={t('crm.customers.bulk.deleteTitle', { number: count })}
        confirmLabel={t('crm.customers.bulk.deleteConfirm', { number: count })}
        danger
        busy={pending}
        error={deleteError}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">{t('crm.customers.bulk.deleteText', { number: count })}</p>
      </ConfirmDialog>
    </section>
  );
}
