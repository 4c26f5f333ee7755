import type { CustomRecord } from '@kontora/contract/custom-fields';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useCustomFields } from '../../api/custom-fields.ts';
import { useCustomValueShow } from './custom-value-rows.tsx';
import { useFieldLabel } from './field-label.ts';

/** A change names an own field as `custom.{key}` (docs/decisions/061-custom-field-values.md). */
export const isCustomChange = (field: string): boolean => field.startsWith('custom.');

/**
 * "Industry: Retail → Hospitality" for a change of a company's own field on a timeline: the
 * field's label and its values as the record page shows them. A field deleted since reads by
 * its key, its values as stored; archived ones keep their label.
 */
export function CustomChangeText({
  record,
  field,
  before,
  after,
}: {
  record: CustomRecord;
  field: string;
  before: unknown;
  after: unknown;
}) {
  const { t } = useTranslation();
  const fields = useCustomFields(useCompanyId(), record).data;
  const labelOf = useFieldLabel();
  const show = useCustomValueShow();
  const key = field.slice('custom.'.length);
  const definition = fields?.find((f) => f.key === key);
  const value = (v: unknown): ReactNode => {
    const shown = definition ? show(definition, v) : shownRaw(v);
    return shown ?? t('crm.timeline.empty');
  };
  return (
    <>
      <span className="fw-semibold">{definition ? labelOf(definition) : key}:</span>{' '}
      <span className="text-body-secondary">{value(before)}</span> <span aria-hidden="true">→</span>
      <span className="visually-hidden">{t('crm.timeline.changedTo')}</span> <span>{value(after)}</span>
    </>
  );
}

function shownRaw(v: unknown): string | null {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return null;
  return Array.isArray(v) ? v.join(', ') : String(v);
}
