import { describe, expect, it } from 'vitest';
import { errorReportCsv, reportFileName, reportLines } from './error-report.ts';

describe('the import error report', () => {
  it('lists one line per reason, translated, quoted where needed and guarded against formulas', () => {
    const lines = reportLines([
      { line: 3, reasons: { email: ['invalid_email'] } },
      { line: 7, reasons: { oib: ['invalid_oib'], name: ['required', 'too_long'] } },
    ]);
    expect(lines).toEqual([
      { line: 3, field: 'email', reason: 'invalid_email' },
      { line: 7, field: 'oib', reason: 'invalid_oib' },
      { line: 7, field: 'name', reason: 'required' },
      { line: 7, field: 'name', reason: 'too_long' },
    ]);
    const csv = errorReportCsv(['Line', 'Field', 'Reason'], lines.slice(0, 2), {
      field: (f) => (f === 'email' ? 'E-mail, address' : '=OIB'),
      reason: (r) => `Bad "${r}"`,
    });
    expect(csv).toBe(
      '\uFEFFLine,Field,Reason\r\n3,"E-mail, address","Bad ""invalid_email"""\r\n7,\'=OIB,"Bad ""invalid_oib"""\r\n',
    );
  });

  it('names the report after the imported file', () => {
    expect(reportFileName('customers.csv')).toBe('customers-errors.csv');
    expect(reportFileName('export.2026.csv')).toBe('export.2026-errors.csv');
    expect(reportFileName('.csv')).toBe('import-errors.csv');
  });
});
