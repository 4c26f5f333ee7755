import type { CustomField } from '@kontora/contract/custom-fields';
import type { ReactNode } from 'react';
import { useCustomValueShow } from '../custom-fields/custom-value-rows.tsx';
import { useFieldLabel } from '../custom-fields/field-label.ts';
import { MissingCell, NOWRAP_FIELD_TYPES } from './cells.tsx';

/** A column of one of the company's own fields, for any list whose records carry `custom`. */
export type OwnFieldColumn<R> = {
  label: () => string;
  /** The list's sort by the field: `custom.{key}`. */
  sort: `custom.${string}`;
  nowrap: boolean;
  cell: (record: R) => ReactNode;
};

/**
 * Builds the own-field columns of a list (the customer and deal lists), by their column names
 * `custom.{key}`, in the fields' order. Call inside the list's `useMemo` with what
 * `useOwnFieldColumnParts` gives.
 */
export function ownFieldColumns<R extends { custom: Record<string, unknown> }>(
  fields: readonly CustomField[],
  parts: ReturnType<typeof useOwnFieldColumnParts>,
): Map<`custom.${string}`, OwnFieldColumn<R>> {
  const { labelOf, show } = parts;
  return new Map(
    fields.map((field) => [
      `custom.${field.key}`,
      {
        label: () => labelOf(field),
        sort: `custom.${field.key}`,
        nowrap: NOWRAP_FIELD_TYPES.includes(field.type),
        cell: (record: R) => show(field, record.custom[field.key]) ?? <MissingCell />,
      },
    ]),
  );
}

/** The hooks own-field columns need (a field's label in the person's language, a value as shown). */
export function useOwnFieldColumnParts() {
  return { labelOf: useFieldLabel(), show: useCustomValueShow() };
}
