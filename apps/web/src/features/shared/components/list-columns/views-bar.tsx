import { lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { OnceOpened } from '../../../../components/once-opened.tsx';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import {
  type ListKind,
  useCreateListView,
  useDeleteListView,
  type ViewInputOf,
} from '../../api/list-views.ts';
import { ColumnsDialog } from './columns-dialog.tsx';
import type { ListViewsOf } from './use-saved-views.ts';

// Its form (react-hook-form, zod) loads on first opening, not with the list.
const SaveViewDialog = lazy(() =>
  import('./save-view-dialog.tsx').then((m) => ({ default: m.SaveViewDialog })),
);

/**
 * Saved views (own and shared) to open, save the list as a view, delete an own one; the
 * columns. The customer list and the deal list both show it (decision 088), each with its
 * views hook's answer (useSavedViews, with the list's `current`).
 */
export function ViewsBar<K extends ListKind>({ views }: { views: ListViewsOf<K> }) {
  const { kind, items, active, apply: onApply, current, columns, setColumns, available, defaults } = views;
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const create = useCreateListView(companyId, kind);
  const attempt = useCreateAttempt();
  const remove = useDeleteListView(companyId, kind);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editingColumns, setEditingColumns] = useState(false);

  const save = async ({ name, shared }: { name: string; shared: boolean }) => {
    const view = await attempt.create(create.mutateAsync, { ...current(), name, shared } as ViewInputOf<K>);
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
          onChange={(event) => onApply(items.find((v) => v.id === Number(event.target.value)) ?? null)}
        >
          <option value="">{t('views.none')}</option>
          {items.map((view) => (
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
      {/* Its rows (a translated label per column) are built even while closed: not on every list render. */}
      <OnceOpened open={editingColumns}>
        <ColumnsDialog
          open={editingColumns}
          onClose={() => setEditingColumns(false)}
          value={columns}
          onChange={setColumns}
          available={available}
          labelOf={(column) => views.defOf(column)?.label(t)}
          defaults={defaults}
        />
      </OnceOpened>
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
        <p className="mb-0">{t(kind === 'deal' ? 'views.deleteTextDeals' : 'views.deleteText')}</p>
      </ConfirmDialog>
    </div>
  );
}
