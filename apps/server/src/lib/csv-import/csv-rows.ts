import { type CsvRecord, unguardCell } from '../csv.ts';
import { AppError } from '../errors.ts';

/**
 * What every CSV import does with a record once the header is mapped: the cells of the mapped
 * columns (trimmed, their formula guard undone, line breaks kept only where a field may span
 * lines), a row with cells beyond the header refused, and the report's list of refused rows.
 */

const LINE_BREAK = /[\r\n]/;

/** The non-empty cells of a record by field; `row: too_many_columns` into `reasons` when it runs past the header. */
export function rowCells<F extends string>(
  record: CsvRecord,
  columns: readonly (F | null)[],
  multiLine: ReadonlySet<F>,
  reasons: Record<string, string[]>,
): Map<F, string> {
  if (
    record.fields.length > columns.length &&
    record.fields.slice(columns.length).some((v) => v.trim() !== '')
  ) {
    reasons.row = ['too_many_columns'];
  }
  const cells = new Map<F, string>();
  columns.forEach((field, i) => {
    const raw = record.fields[i];
    if (!field || raw === undefined) return;
    const cell = unguardCell(raw.trim());
    // Most cells hold no line break: the test is cheaper than a replace on every cell of a large file.
    const value = multiLine.has(field) || !LINE_BREAK.test(cell) ? cell : cell.replace(/[\r\n]+/g, ' ');
    if (value !== '') cells.set(field, value);
  });
  return cells;
}

/** A record of empty cells only (a spreadsheet's blank line, `;;;;`): a blank line, not a refused row. */
export const isBlankRecord = (record: CsvRecord) => record.fields.every((cell) => cell.trim() === '');

export const emptyFile = () =>
  new AppError(400, 'validation_failed', 'The file is empty.', { details: { file: ['empty_file'] } });

/** The report's refused rows: every one counted, the first `max` listed with their line and reasons. */
export interface RejectedRows {
  rejected: number;
  errors: { line: number; reasons: Record<string, string[]> }[];
  errors_truncated: boolean;
}

export function rejectRow(
  report: RejectedRows,
  max: number,
  line: number,
  reasons: Record<string, string[]>,
): void {
  report.rejected++;
  if (report.errors.length < max) report.errors.push({ line, reasons });
  else report.errors_truncated = true;
}

/** Adds zod's issues to `reasons` (field → codes), each field's codes once; `rename` maps a schema key to the import's field. */
export function addIssues(
  reasons: Record<string, string[]>,
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
  rename: (key: string) => string = (key) => key,
): void {
  for (const issue of issues) {
    const key = rename(String(issue.path[0] ?? 'row'));
    const code = /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code;
    const list = reasons[key] ?? [];
    if (!list.includes(code)) list.push(code);
    reasons[key] = list;
  }
}
