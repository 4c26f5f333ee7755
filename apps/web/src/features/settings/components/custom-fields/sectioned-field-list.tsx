import type { CustomField } from '@kontora/contract/custom-fields';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { problemText } from '../../../../lib/server-problems.ts';
import { useArrangeCustomFields } from '../../../shared/api/custom-fields.ts';
import { useFieldLabel } from '../../../shared/components/custom-fields/field-label.ts';
import {
  type FieldSection,
  fieldSections,
  moved,
  sectionOrder,
} from '../../../shared/components/custom-fields/field-sections.ts';
import { RenameSectionDialog } from './rename-section-dialog.tsx';

/**
 * A record kind's fields in Settings under their section headings, as forms show them, with
 * moves: a field up or down inside its section, a whole section up or down. A move writes the
 * `position` of every field whose place changed (docs/decisions/081-custom-field-sections.md).
 */
export function SectionedFieldList({
  companyId,
  fields,
  actions,
}: {
  companyId: number;
  fields: readonly CustomField[];
  /** The field's own buttons (edit, archive, delete). */
  actions: (field: CustomField) => ReactNode;
}) {
  const { t } = useTranslation();
  const arrange = useArrangeCustomFields(companyId);
  const sections = fieldSections(fields);
  const labelOf = useFieldLabel();
  const baseId = useId();
  const nameOf = (section: FieldSection<CustomField>) => section.name ?? t('customFields.sections.default');
  const [renaming, setRenaming] = useState<string | null>(null);
  const record = fields[0]?.record ?? 'customer';

  const save = (next: FieldSection<CustomField>[]) => {
    const changes = sectionOrder(next)
      .map((field, position) => ({ id: field.id, position, was: field.position }))
      .filter((c) => c.position !== c.was)
      .map(({ id, position }) => ({ id, position }));
    if (changes.length) arrange.mutate(changes);
  };
  const moveSection = (index: number, by: -1 | 1) => save(moved(sections, index, by));
  const moveField = (index: number, fieldIndex: number, by: -1 | 1) =>
    save(sections.map((s, i) => (i === index ? { ...s, fields: moved(s.fields, fieldIndex, by) } : s)));

  const moveButtons = (label: string, index: number, count: number, move: (by: -1 | 1) => void) => (
    <>
      <button
        type="button"
        className="btn btn-link btn-sm"
        disabled={arrange.isPending || index === 0}
        aria-label={t('customFields.sections.moveUp', { label })}
        onClick={() => move(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="btn btn-link btn-sm"
        disabled={arrange.isPending || index === count - 1}
        aria-label={t('customFields.sections.moveDown', { label })}
        onClick={() => move(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );

  return (
    <>
      {arrange.error && <FormAlert kind="danger">{problemText(t, arrange.error)}</FormAlert>}
      {sections.map((section, index) => (
        <div key={section.name ?? ''} className="mb-3">
          <div className="d-flex align-items-center">
            <h4
              className="h6 small text-uppercase text-body-secondary mb-1 me-auto"
              id={`${baseId}-${index}`}
            >
              {nameOf(section)}
            </h4>
            {section.name !== null && (
              <button
                type="button"
                className="btn btn-link btn-sm"
                aria-label={t('customFields.sections.renameNamed', { name: section.name })}
                onClick={() => setRenaming(section.name)}
              >
                {t('customFields.sections.rename')}
              </button>
            )}
            {sections.length > 1 &&
              moveButtons(
                t('customFields.sections.sectionNamed', { name: nameOf(section) }),
                index,
                sections.length,
                (by) => moveSection(index, by),
              )}
          </div>
          <ul className="list-group" aria-labelledby={`${baseId}-${index}`}>
            {section.fields.map((field, fieldIndex) => (
              <li key={field.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <span className={`me-auto ${field.archived ? 'text-body-secondary' : ''}`}>
                  {labelOf(field)} <code className="small">{field.key}</code>{' '}
                  <span className="small text-body-secondary">
                    {t(`customFields.types.${field.type}`)}
                    {field.required && ` · ${t('customFields.required')}`}
                    {field.archived && ` · ${t('customFields.archived')}`}
                  </span>
                </span>
                {section.fields.length > 1 &&
                  moveButtons(labelOf(field), fieldIndex, section.fields.length, (by) =>
                    moveField(index, fieldIndex, by),
                  )}
                {actions(field)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <RenameSectionDialog
        companyId={companyId}
        record={record}
        name={renaming}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}
