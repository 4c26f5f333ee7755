import { CUSTOM_RECORDS, type CustomField, type CustomRecord } from '@kontora/contract/custom-fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { SettingsSection } from '../../../../components/settings-section.tsx';
import { problemText } from '../../../../lib/server-problems.ts';
import { useCustomFields, useUpdateCustomField } from '../../../shared/api/custom-fields.ts';
import { useFieldLabel } from '../../../shared/components/custom-fields/field-label.ts';
import { sectionNames } from '../../../shared/components/custom-fields/field-sections.ts';
import { DeletedFields, DeleteFieldDialog } from './deleted-fields.tsx';
import { FieldDialog } from './field-dialog.tsx';
import { SectionedFieldList } from './sectioned-field-list.tsx';

/** The company's own fields on customers and deals: add, edit, arrange in sections, archive, delete and restore. */
export function CustomFieldsSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('customFields.title')} note={t('customFields.note')} className="mb-4">
      {CUSTOM_RECORDS.map((record) => (
        <RecordFields key={record} companyId={companyId} record={record} />
      ))}
    </SettingsSection>
  );
}

function RecordFields({ companyId, record }: { companyId: number; record: CustomRecord }) {
  const { t } = useTranslation();
  const fields = useCustomFields(companyId, record);
  const archive = useUpdateCustomField(companyId);
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const labelOf = useFieldLabel();
  const headingId = useId();
  const heading = t(`customFields.records.${record}`);
  return (
    <section className="mb-4" aria-labelledby={headingId}>
      <div className="d-flex align-items-center mb-2">
        <h3 className="h6 mb-0 me-auto" id={headingId}>
          {heading}
        </h3>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setEditing('new')}>
          {t('customFields.add')}
        </button>
      </div>
      {archive.error && <FormAlert kind="danger">{problemText(t, archive.error)}</FormAlert>}
      {fields.data?.length === 0 && <p className="text-body-secondary small">{t('customFields.none')}</p>}
      {(fields.data?.length ?? 0) > 0 && (
        <SectionedFieldList
          companyId={companyId}
          fields={fields.data ?? []}
          actions={(field) => (
            <>
              <button
                type="button"
                className="btn btn-link btn-sm"
                aria-label={t('customFields.editOne', { label: labelOf(field) })}
                onClick={() => setEditing(field)}
              >
                {t('customFields.edit')}
              </button>
              <button
                type="button"
                className="btn btn-link btn-sm"
                disabled={archive.isPending}
                aria-label={t(field.archived ? 'customFields.restoreOne' : 'customFields.archiveOne', {
                  label: labelOf(field),
                })}
                onClick={() => archive.mutate({ id: field.id, archived: !field.archived })}
              >
                {field.archived ? t('customFields.restore') : t('customFields.archive')}
              </button>
              <button
                type="button"
                className="btn btn-link btn-sm"
                aria-label={t('customFields.deleteOne', { label: labelOf(field) })}
                onClick={() => setDeleting(field)}
              >
                {t('customFields.delete')}
              </button>
            </>
          )}
        />
      )}
      <DeletedFields companyId={companyId} record={record} />
      {deleting && (
        <DeleteFieldDialog companyId={companyId} field={deleting} onClose={() => setDeleting(null)} />
      )}
      {editing !== null && (
        <FieldDialog
          companyId={companyId}
          record={record}
          // The field as last read: a merge of its options inside the dialog refreshes it.
          field={editing === 'new' ? null : (fields.data?.find((f) => f.id === editing.id) ?? editing)}
          sections={sectionNames(fields.data ?? [])}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
