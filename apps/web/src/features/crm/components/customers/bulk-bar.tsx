import {
  CUSTOMER_LIMITS,
  CUSTOMER_STATUSES,
  type CustomerBulkBody,
  type CustomerStatus,
} from '@kontora/contract/customers';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useBulkCustomers } from '../../api/bulk-customers.ts';
import { MergeDialog } from '../duplicates/merge-dialog.tsx';

type BulkAction = { action: 'set_status'; status: CustomerStatus } | { action: 'delete' };

type BulkBarProps = {
  ids: readonly number[];
  onDone: () => void;
};

/** Actions on the selected customers: set a status, delete (after a confirmation that states the count). */
export function BulkBar({ ids, onDone }: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const companyId = useCompanyId();
  const bulk = useBulkCustomers(companyId);
  const [status, setStatus] = useState<CustomerStatus>('customer');
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const count = format.number(ids.length);

  /** The API takes up to 1000 ids a call; a larger selection goes in parts. */
  const run = async (action: BulkAction): Promise<number> => {
    let affected = 0;
    for (let start = 0; start < ids.length; start += CUSTOMER_LIMITS.bulkMax) {
      const part = ids.slice(start, start + CUSTOMER_LIMITS.bulkMax);
      const body: CustomerBulkBody = { ...action, ids: part };
      affected += (await bulk.mutateAsync(body)).affected.length;
    }
    return affected;
  };

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
          {t('crm.customers.bulk.selected', { number: count })}
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
            disabled={bulk.isPending}
            onClick={() => void setSelectedStatus()}
          >
            {t('crm.customers.bulk.setStatus')}
          </button>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={bulk.isPending}
          onClick={() => {
            setDeleteError(null);
            setConfirming(true);
          }}
        >
          {t('crm.customers.bulk.delete')}
        </button>
        {ids.length >= 2 && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setMerging(true)}>
            {t('merge.open')}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-link ms-auto" onClick={onDone}>
          {t('crm.customers.bulk.clear')}
        </button>
      </div>
      {merging && <MergeDialog ids={ids} onClose={() => setMerging(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('crm.customers.bulk.deleteTitle', { number: count })}
        confirmLabel={t('crm.customers.bulk.deleteConfirm', { number: count })}
        danger
        busy={bulk.isPending}
        error={deleteError}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">{t('crm.customers.bulk.deleteText', { number: count })}</p>
      </ConfirmDialog>
    </section>
  );
}
