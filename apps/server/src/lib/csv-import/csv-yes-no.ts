/**
 * A yes/no cell of an imported file (an own checkbox field, a to-do's all-day column): English,
 * yes/no in the app's six languages, and what people type in spreadsheets. Folded to lower case.
 */
const YES = new Set(['yes', 'true', '1', 'y', 'da', 'sí', 'si', 'sì', 'ja', 'да', 'x', '✓', 'oui']);
const NO = new Set(['no', 'false', '0', 'n', 'ne', 'nein', 'нет', 'non']);

/** True or false for a word of either list; undefined for anything else. */
export function readYesNo(cell: string): boolean | undefined {
  const word = cell.trim().toLocaleLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
}
