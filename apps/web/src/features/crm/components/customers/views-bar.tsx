import type { CustomerView, CustomerViewInput, ListColumn } from '@kontora/contract/customer-views';
import { lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { OnceOpened } from '../../../../components/once-opened.tsx';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { type CustomerFilterParams, customParamsOf } from '../../../shared/api/get-customers.ts';
import { ColumnsDialog } from '../../../shared/components/list-columns/columns-dialog.tsx';
import { useCreateCustomerView } from '../../api/create-customer-view.ts';
import { useDeleteCustomerView } from '../../api/delete-customer-view.ts';
import { type ColumnDef, DEFAULT_COLUMNS } from './customer-columns.tsx';
import { sortOf } from './use-customer-filter.ts';

// Its form (react-hook-form, zod) loads on first opening, not with the customer list.
const SaveViewDialog = lazy(() =>
  import('./save-view-dialog.tsx').then((m) => ({ default: m.SaveViewDialog })),
);

type ViewsBarProps = {
  views: readonly CustomerView[];
  active: CustomerView | null;
  onApply: (view: CustomerView | null) => void;
  filter: CustomerFilterParams;
  columns: readonly ListColumn[];
  onColumns: (columns: ListColumn[]) => void;
  /** Every column the list can show, own fields' included, and how each is labelled. */
  available: readonly ListColumn[];
  defOf: (column: ListColumn) => ColumnDef | undefined;
};

/** Saved views (own and shared) to open, save the list as a view, delete an own one; the columns. */
export function ViewsBar({
  views,
  active,
  onApply,
  filter,
  columns,
  onColumns,
  available,
  defOf,
}: ViewsBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const create = useCreateCustomerView(companyId);
  const attempt = useCreateAttempt();
  const remove = useDeleteCustomerView(companyId);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editingColumns, setEditingColumns] = useState(false);

  const save = async ({ name, shared }: { name: string; shared: boolean }) => {
    const { q, status, owner_id, tag, organisation_id } = filter;
    const set = Object.entries({ q, status, owner_id, tag, organisation_id }).filter(
      ([, v]) => v !== undefined,
    );
    const view = await attempt.create(create.mutateAsync, {
      name,
      shared,
      filter: { ...Object.fromEntries(set), ...customParamsOf(filter) } as CustomerViewInput['filter'],
      ...sortOf(filter),
      columns: [...columns],
    });
    if (!view) return undefined;
    notify('success', t('views.saved', { name: view.name }));
    onApply(view);
    return view;
  };

  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <div>
        <label htmlFor={`${id}-view`} className="form-label small mb-1">
          {t('views.label')}
        </label>
        <select
          id={`${id}-view`}
          className="form-select form-select-sm"
          value={active?.id ?? ''}
          onChange={(event) => onApply(views.find((v) => v.id === Number(event.target.value)) ?? null)}
        >
          <option value="">{t('views.none')}</option>
          {views.map((view) => (
            <option key={view.id} value={view.id}>
              {view.mine ? view.name : t('views.sharedBy', { name: view.name, owner: view.owner_name ?? '' })}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setSaving(true)}>
        {t('views.save')}
      </button>
      {active?.mine && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setDeleting(true)}>
          {t('views.delete')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-primary ms-auto"
        onClick={() => setEditingColumns(true)}
      >
        {t('views.columns')}
      </button>
      <OnceOpened open={saving}>
        <SaveViewDialog open={saving} onClose={() => setSaving(false)} onSave={save} />
      </OnceOpened>
      <ColumnsDialog
        open={editingColumns}
        onClose={() => setEditingColumns(false)}
        value={columns}
        onChange={onColumns}
        available={available}
        labelOf={(column) => defOf(column)?.label(t)}
        defaults={DEFAULT_COLUMNS}
      />
      <ConfirmDialog
        open={deleting && active !== null}
        title={t('views.deleteTitle', { name: active?.name ?? '' })}
        confirmLabel={t('views.delete')}
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          if (!active) return;
          void remove.mutateAsync(active.id).then(() => {
            setDeleting(false);
            onApply(null);
            notify('success', t('views.deleted', { name: active.name }));
          });
        }}
      >
        <p className="mb-0">{t('views.deleteText')}</p>
      </ConfirmDialog>
    </div>
  );
}
