import type { CustomField } from '@kontora/contract/custom-fields';

/** An empty cell: a dash for the eye; screen readers skip it. */
export function MissingCell() {
  return (
    <span className="text-body-secondary" aria-hidden="true">
      –
    </span>
  );
}

/** Own-field values that read best on one line. */
export const NOWRAP_FIELD_TYPES: readonly CustomField['type'][] = [
  'number',
  'currency',
  'percent',
  'date',
  'datetime',
  'phone',
];
