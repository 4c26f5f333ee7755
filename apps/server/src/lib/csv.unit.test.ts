import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv, unguardCell } from './csv.ts';

async function parse(chunks: (string | Uint8Array)[], delimiter?: string) {
  const out: { line: number; fields: string[] }[] = [];
  for await (const r of parseCsv(chunks, { delimiter })) out.push(r);
  return out;
}

describe('parseCsv', () => {
  it('reads quoted fields with separators, quotes and line breaks, and numbers records by their first line', async () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n\r\nlast,,\n';
    expect(await parse([text])).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\r\nlines'] },
      { line: 5, fields: ['last', '', ''] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries, including inside a UTF-8 character', async () => {
    const text = 'ime;grad\n"Željko ""Ž"" Čačić";Đakovo\nAna;"Split\nDalmacija"\nzadnji;red';
    const bytes = new TextEncoder().encode(text);
    const whole = await parse([bytes]);
    expect(whole).toHaveLength(4);
    expect(whole[1]?.fields).toEqual(['Željko "Ž" Čačić', 'Đakovo']);
    for (let size = 1; size < 12; size++) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await parse(chunks), `chunk size ${size}`).toEqual(whole);
    }
  });

  it('detects ; and tab separators from the header line, unless told', async () => {
    expect((await parse(['a;b,c;d\n1;2,3;4']))[1]?.fields).toEqual(['1', '2,3', '4']);
    expect((await parse(['a\tb\n1\t2']))[1]?.fields).toEqual(['1', '2']);
    expect((await parse(['a;b,c\n1;2,3'], ','))[1]?.fields).toEqual(['1;2', '3']);
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting and guards formula-looking cells', () => {
    expect(csvLine(['plain', 'a,b', 'say "x"', null, 5, '=SUM(A1)', '+385 1'])).toBe(
      'plain,"a,b","say ""x""",,5,\'=SUM(A1),\'+385 1\r\n',
    );
    expect(unguardCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unguardCell("'plain")).toBe("'plain");
  });
});
