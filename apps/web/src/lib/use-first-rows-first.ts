import { useDeferredValue } from 'react';

/** About a phone screen of cards or a desktop screen of rows: what the first paint shows. */
export const FIRST_ROWS = 12;

/**
 * A long list's rows for a first load that does not block: on the first render only the first
 * `first` rows, then all of them in a background render that React splits into short tasks
 * (a deferred value's render yields to the browser every few milliseconds). Drawn at once, fifty
 * rows with their links and translations were one long task of a phone's first load
 * (docs/decisions/092-first-loads-in-shorter-tasks.md). Later changes (a next page, a
 * filter) come the same deferred way. `filling` is true while only the first rows show: a
 * list's "load more" sentinel waits for the rest, or it would be in view and ask for a page.
 */
export function useFirstRowsFirst<T>(
  rows: readonly T[],
  first = FIRST_ROWS,
): { shown: readonly T[]; filling: boolean } {
  const shown = useDeferredValue(rows, rows.length > first ? rows.slice(0, first) : rows);
  return { shown, filling: shown.length < rows.length && shown.length <= first };
}
