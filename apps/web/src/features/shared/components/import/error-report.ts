import type { ImportReport } from './import-kind.ts';

type RowError = ImportReport['errors'][number];

/** One line of the report per reason: a row refused for two fields gives two lines. */
export type ReportLine = { line: number; field: string; reason: string };

export function reportLines(errors: readonly RowError[]): ReportLine[] {
  return errors.flatMap((error) =>
    Object.entries(error.reasons).flatMap(([field, reasons]) =>
      reasons.map((reason) => ({ line: error.line, field, reason })),
    ),
  );
}

/** A spreadsheet would run a cell starting like a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The error report as CSV: a header row, then line, field and reason, all as the
 * reader sees them on screen. The BOM makes spreadsheets read it as UTF-8.
 */
export function errorReportCsv(
  header: [string, string, string],
  lines: readonly ReportLine[],
  label: { field: (field: string) => string; reason: (code: string) => string },
): string {
  const rows = [
    header.map(cell).join(','),
    ...lines.map((l) => [cell(l.line), cell(label.field(l.field)), cell(label.reason(l.reason))].join(',')),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link (the browser's own download). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `customers.csv` → `customers-errors.csv`. */
export function reportFileName(sourceName: string): string {
  const base = sourceName.replace(/\.[^.]*$/, '') || 'import';
  return `${base}-errors.csv`;
}
