import type { CustomField } from '@kontora/contract/custom-fields';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useCustomFields } from '../../api/custom-fields.ts';
import { foldHeader } from '../../lib/csv-preview.ts';
import { useFieldLabel } from '../custom-fields/field-label.ts';
import type { ImportKind } from './import-kind.ts';

/**
 * The kind with the company's own fields (not archived) as mapping targets, `custom.{key}`, listed
 * by their labels. A header names one by its label (in any of its languages, as an export heads
 * the column), its key or `custom.{key}`; a built-in field the header names comes first, so a
 * column an own field is labelled like ("Source") maps to the own field once the built-in one is
 * taken — as the server maps it (lib/csv-import/csv-mapping.ts).
 */
export function withOwnFields(
  kind: ImportKind,
  fields: readonly CustomField[],
  labelOf: (field: CustomField) => string,
): ImportKind {
  const active = fields.filter((f) => !f.archived);
  if (active.length === 0) return kind;
  const byHeader = new Map<string, string[]>();
  const add = (header: string, target: string) => {
    const folded = foldHeader(header);
    const list = byHeader.get(folded) ?? [];
    if (folded !== '' && !list.includes(target)) byHeader.set(folded, [...list, target]);
  };
  for (const f of active) {
    add(f.label, `custom.${f.key}`);
    for (const label of Object.values(f.labels)) if (label) add(label, `custom.${f.key}`);
  }
  for (const f of active) {
    add(f.key, `custom.${f.key}`);
    add(`custom.${f.key}`, `custom.${f.key}`);
  }
  return {
    ...kind,
    own: active.map((f) => ({ target: `custom.${f.key}`, label: labelOf(f) })),
    guessField: (header) => {
      const builtIn = kind.guessField(header);
      const own = byHeader.get(foldHeader(header)) ?? [];
      return [...(builtIn === null ? [] : typeof builtIn === 'string' ? [builtIn] : builtIn), ...own];
    },
  };
}

/** The kind with the company's own fields of its record kind, as they load (none for a kind without). */
export function useWithOwnFields(kind: ImportKind): ImportKind {
  const { i18n } = useTranslation();
  // A kind without own fields asks for none (the query stays idle).
  const fields = useCustomFields(useCompanyId(), kind.record ?? 'customer', kind.record !== null).data;
  const labelOf = useFieldLabel();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: labelOf changes with the language only.
  return useMemo(
    () => (kind.record === null ? kind : withOwnFields(kind, fields ?? [], labelOf)),
    [kind, fields, language],
  );
}
