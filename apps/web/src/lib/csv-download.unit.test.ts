import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './csv-download.ts';

describe('export file name', () => {
  it('comes from Content-Disposition, plain or RFC 5987 encoded', () => {
    expect(filenameFromDisposition('attachment; filename="customers-2026-01-31.csv"')).toBe(
      'customers-2026-01-31.csv',
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''kupci%20%C4%8D.csv")).toBe('kupci č.csv');
    expect(filenameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
  });

  it('is null when the header names none', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });
});
