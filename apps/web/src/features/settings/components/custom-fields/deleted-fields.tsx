import { CUSTOM_FIELD_LIMITS, type CustomField, type CustomRecord } from '@kontora/contract/custom-fields';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { problemText } from '../../../../lib/server-problems.ts';
import {
  useDeleteCustomField,
  useDeletedCustomFields,
  useRestoreCustomField,
} from '../../../shared/api/custom-fields.ts';
import { useFieldLabel } from '../../../shared/components/custom-fields/field-label.ts';

/** Asks before a field is deleted: its values leave every record now and can be restored for 30 days. */
export function DeleteFieldDialog({
  companyId,
  field,
  onClose,
}: {
  companyId: number;
  field: CustomField;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCustomField(companyId);
  const label = useFieldLabel()(field);
  return (
    <ConfirmDialog
      open
      title={t('customFields.deleteTitle', { label })}
      confirmLabel={t('customFields.deleteConfirm')}
      danger
      busy={remove.isPending}
      error={remove.error ? errorMessage(t, remove.error) : null}
      onConfirm={() => remove.mutate(field.id, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <p className="mb-0">{t('customFields.deleteText', { days: CUSTOM_FIELD_LIMITS.keepDeletedDays })}</p>
    </ConfirmDialog>
  );
}

/** Fields deleted in the last 30 days, each with the day it goes for good and a Restore. */
export function DeletedFields({ companyId, record }: { companyId: number; record: CustomRecord }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const headingId = useId();
  const deleted = useDeletedCustomFields(companyId, record);
  const restore = useRestoreCustomField(companyId);
  const labelOf = useFieldLabel();
  if (!deleted.data?.length) return null;
  return (
    <section className="mt-3" aria-labelledby={headingId}>
      <h4 className="h6 small text-body-secondary mb-2" id={headingId}>
        {t('customFields.recentlyDeleted', { record: t(`customFields.records.${record}`) })}
      </h4>
      {restore.error && <FormAlert kind="danger">{problemText(t, restore.error)}</FormAlert>}
      <ul className="list-group">
        {deleted.data.map((field) => (
          <li key={field.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto">
              {labelOf(field)} <code className="small">{field.key}</code>{' '}
              <span className="small text-body-secondary">
                {t('customFields.purgeOn', { date: format.date(field.purge_at) })}
              </span>
            </span>
            <button
              type="button"
              className="btn btn-link btn-sm"
              disabled={restore.isPending}
              aria-label={t('customFields.restoreOne', { label: labelOf(field) })}
              onClick={() => restore.mutate(field.id)}
            >
              {t('customFields.restore')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
