import type { CustomField, CustomValues } from '@kontora/contract/custom-fields';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useOwnerOptions } from '../owner-options.ts';
import { useFieldLabel } from './field-label.ts';
import { fieldSections } from './field-sections.ts';

/** How a value of a company's field reads on a page or in a list's cell; null when there is none. */
export function useCustomValueShow(): (field: CustomField, value: unknown) => ReactNode {
  const { t } = useTranslation();
  const format = useFormatters();
  const { nameOf } = useOwnerOptions(useCompanyId());
  return (field, value) => {
    if (value === null || value === undefined || value === '') return null;
    const optionLabel = (v: string) => field.options.find((o) => o.value === v)?.label ?? v;
    switch (field.type) {
      case 'checkbox':
        return value === true ? t('customFields.yes') : t('customFields.no');
      case 'single_select':
        return optionLabel(String(value));
      case 'multi_select':
        return Array.isArray(value) && value.length > 0
          ? value.map((v) => optionLabel(String(v))).join(', ')
          : null;
      case 'number':
      case 'currency':
        return format.number(Number(value));
      case 'percent':
        return `${format.number(Number(value))} %`;
      case 'date':
        return format.date(`${String(value)}T00:00`);
      case 'datetime':
        return format.dateTime(String(value));
      case 'person':
        return nameOf(Number(value)) ?? String(value);
      case 'url':
        return (
          <a href={String(value)} target="_blank" rel="noopener noreferrer">
            {String(value).replace(/^https?:\/\//, '')}
          </a>
        );
      case 'email':
        return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
      default:
        return String(value);
    }
  };
}

/** A record's value of a company's field as label, shown value and a row key apart from the built-in fields'. */
export type CustomValueRow = [label: string, value: ReactNode, key: string];

/**
 * A record's values of the company's fields for a details card, under their sections
 * (field-sections.ts): a heading per section (the default group's name where the company
 * named none), then the rows as the card draws them.
 */
export function CustomValueSections({
  fields,
  custom,
  renderRows,
}: {
  fields: readonly CustomField[];
  custom: CustomValues | undefined;
  renderRows: (rows: CustomValueRow[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const show = useCustomValueShow();
  // A heading, not a landmark: the card is the region (and a region named "Other details"
  // would also answer to "Details").
  return fieldSections(fields).map((section) => (
    <div key={section.name ?? ''} className="mt-3">
      <h3 className="h6 mb-1">{section.name ?? t('customFields.sections.default')}</h3>
      {renderRows(
        section.fields.map((field) => [
          labelOf(field),
          show(field, custom?.[field.key]),
          `custom.${field.key}`,
        ]),
      )}
    </div>
  ));
}
