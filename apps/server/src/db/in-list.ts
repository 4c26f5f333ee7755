/**
 * An `in (…)` list's values padded to a power of two by repeating the last one: a list is one
 * parameter per value, so its length is part of the statement's text, and SQLite prepares each
 * text afresh. An import's lists follow its batches' and chunks' sizes, hundreds of lengths; each
 * prepared statement holds native memory until V8 collects its small wrapper, which V8 has no
 * reason to hurry. Padded, a list takes one of a few lengths. A repeated value changes no answer.
 */
export function inList<T>(values: readonly T[]): T[] {
  const last = values.at(-1);
  if (last === undefined) return [];
  const size = 2 ** Math.ceil(Math.log2(values.length));
  const padded = values.slice();
  while (padded.length < size) padded.push(last);
  return padded;
}
