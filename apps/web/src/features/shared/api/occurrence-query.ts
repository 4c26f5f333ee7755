import type { OccurrenceScope } from '@kontora/contract/recurrence';

/** Which occurrences of a repeating to-do a call applies to (its `occurrence_start` and the scope). */
export type OccurrenceTarget = { start: string; scope: OccurrenceScope };

/** `?occurrence=…&scope=…`, or nothing for a single to-do or a whole series. */
export function occurrenceQuery(target: OccurrenceTarget | null | undefined): string {
  if (!target) return '';
  return `?occurrence=${encodeURIComponent(target.start)}&scope=${target.scope}`;
}
