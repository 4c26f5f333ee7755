import type { CustomField } from '@kontora/contract/custom-fields';

/**
 * A company's own fields under their section headings (docs/decisions/081-custom-field-sections.md):
 * a section is named by its fields' `section` (null: the default group) and comes where its
 * first field by `position` comes; inside it, fields keep their order.
 */
export type FieldSection<F extends Pick<CustomField, 'section' | 'position' | 'id'>> = {
  name: string | null;
  fields: F[];
};

export function fieldSections<F extends Pick<CustomField, 'section' | 'position' | 'id'>>(
  fields: readonly F[],
): FieldSection<F>[] {
  const sorted = [...fields].sort((a, b) => a.position - b.position || a.id - b.id);
  const byName = new Map<string | null, FieldSection<F>>();
  for (const field of sorted) {
    const name = field.section ?? null;
    let section = byName.get(name);
    if (!section) {
      section = { name, fields: [] };
      byName.set(name, section);
    }
    section.fields.push(field);
  }
  return [...byName.values()];
}

/** The order the sections show, flattened: what `position` should say after a move. */
export const sectionOrder = <F extends Pick<CustomField, 'section' | 'position' | 'id'>>(
  sections: readonly FieldSection<F>[],
): F[] => sections.flatMap((s) => s.fields);

/** Moves an item one place (`by` -1 up, +1 down) within a list; the list as it was when it cannot. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}

/** The distinct section names in use, for the settings' suggestions. */
export const sectionNames = (fields: readonly Pick<CustomField, 'section'>[]): string[] =>
  [...new Set(fields.map((f) => f.section).filter((s): s is string => Boolean(s)))].sort((a, b) =>
    a.localeCompare(b),
  );
