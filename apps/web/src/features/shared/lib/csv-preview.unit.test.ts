import { describe, expect, it } from 'vitest';
import {
  autoMapHeaders,
  detectDelimiter,
  duplicateHeaders,
  guessField,
  looksBinary,
  mapsAName,
  parseCsvRecords,
  previewCsv,
  readCsvHead,
} from './csv-preview.ts';

describe('detectDelimiter', () => {
  it('takes the most frequent separator of the first line, ignoring quoted ones', () => {
    expect(detectDelimiter('Name;E-mail;Phone\nA,B;c;d')).toBe(';');
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('tab');
    expect(detectDelimiter('"a;b;c;d",e,f')).toBe(',');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('parseCsvRecords', () => {
  it('reads quotes, escaped quotes, delimiters and newlines inside quotes, CRLF and blank lines', () => {
    const text = 'name,notes\r\n"Horvat, Ivana","Said ""hi""\r\nthen left"\r\n\r\nPlain,x\r\n';
    expect(parseCsvRecords(text, ',')).toEqual([
      ['name', 'notes'],
      ['Horvat, Ivana', 'Said "hi"\r\nthen left'],
      ['Plain', 'x'],
    ]);
  });

  it('keeps the last record without a final newline, and empty cells', () => {
    expect(parseCsvRecords('a;b;c\n1;;3', ';')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('keeps stray quotes in unquoted fields as text, as the server does', () => {
    expect(parseCsvRecords('a,b\n5" pipe,x\n', ',')).toEqual([
      ['a', 'b'],
      ['5" pipe', 'x'],
    ]);
  });

  it('drops a record that may be cut when the text is only the start of the file', () => {
    expect(parseCsvRecords('a,b\n1,2\n3,4', ',', { complete: false })).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('stops after maxRecords', () => {
    expect(parseCsvRecords('a\n1\n2\n3\n', ',', { maxRecords: 2 })).toEqual([['a'], ['1']]);
  });

  it('reads tab-separated text', () => {
    expect(parseCsvRecords('a\tb\n1\t2', 'tab')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('previewCsv and readCsvHead', () => {
  it('reads only the start of a large file and shows the header and five complete rows', async () => {
    const lines = [
      '\uFEFF Name ;E-mail',
      ...Array.from({ length: 10_000 }, (_, i) => `Person ${i};p${i}@x.hr`),
    ];
    const file = new Blob([lines.join('\r\n')], { type: 'text/csv' });
    const head = await readCsvHead(file, 1000);
    expect(head.complete).toBe(false);
    expect(head.text.length).toBeLessThanOrEqual(1000);
    const preview = previewCsv(head);
    expect(preview.delimiter).toBe(';');
    expect(preview.headers).toEqual(['Name', 'E-mail']);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]).toEqual(['Person 0', 'p0@x.hr']);
  });

  it('takes an overriding delimiter', async () => {
    const head = await readCsvHead(new Blob(['a;b,c\n1;2,3\n']));
    expect(head.complete).toBe(true);
    expect(previewCsv(head, ',').headers).toEqual(['a;b', 'c']);
  });

  it('recognises binary files', async () => {
    expect(looksBinary(await readCsvHead(new Blob([new Uint8Array([0x50, 0x4b, 0, 0])])))).toBe(true);
    expect(looksBinary(await readCsvHead(new Blob(['a,b'])))).toBe(false);
  });
});

describe('mapping headers to fields', () => {
  it('matches field names and common aliases regardless of case, spaces, dashes and accents', () => {
    expect(guessField('E-mail')).toBe('email');
    expect(guessField('Telefon')).toBe('phone');
    expect(guessField('Phone number')).toBe('phone');
    expect(guessField('OIB')).toBe('oib');
    expect(guessField('VAT')).toBe('oib');
    expect(guessField('Company')).toBe('organisation_name');
    expect(guessField('First name')).toBe('first_name');
    expect(guessField('last_name')).toBe('last_name');
    expect(guessField('Država')).toBe('country');
    expect(guessField('Bilješke')).toBe('notes');
    expect(guessField('Owner')).toBe('owner_email');
    expect(guessField('Favourite colour')).toBeNull();
  });

  it('maps each field once, to the first column that claims it', () => {
    expect(autoMapHeaders(['Name', 'E-mail', 'Mail', 'Kontakt'])).toEqual({
      Name: 'name',
      'E-mail': 'email',
      Mail: null,
      Kontakt: null,
    });
  });

  it('tells whether a name can be derived and which columns repeat a field', () => {
    expect(mapsAName({ Tvrtka: 'organisation_name', Mail: 'email' })).toBe(true);
    expect(mapsAName({ Mail: 'email', X: null })).toBe(false);
    expect([...duplicateHeaders({ A: 'email', B: null, C: 'email', D: 'phone' })]).toEqual(['C']);
  });

  it('maps headers named like object properties as plain columns', () => {
    const mapping = autoMapHeaders(['constructor', 'toString', '__proto__', 'Name']);
    expect(Object.entries(mapping)).toEqual([
      ['constructor', null],
      ['toString', null],
      ['__proto__', null],
      ['Name', 'name'],
    ]);
  });
});
