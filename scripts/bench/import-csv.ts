import { Readable } from 'node:stream';

/**
 * A generated customer CSV of `rows` rows and 12 columns, made as it is read (never whole in
 * memory): every `invalidEvery`-th row has a bad email (refused), every `matchEvery`-th row
 * repeats the email of one of `existing` customers made by `existingCsv` (a match), the matching
 * rows taking the existing customers in turn, so each is matched once before any is matched again.
 * Used by the import bench and the staged-import tests.
 */
export interface ImportCsvOptions {
  rows: number;
  /** Emails `existing-<n>@example.com` for n < existing are matched. */
  existing?: number;
  invalidEvery?: number;
  matchEvery?: number;
  /** Rows per pushed chunk. */
  chunkRows?: number;
  /** Marks this file's names and emails apart from another file's. */
  tag?: string;
}

const HEADER = 'name,type,email,phone,website,address,country,oib,status,tags,source,notes\n';

function row(i: number, o: Required<ImportCsvOptions>): string {
  const existing = o.existing > 0 && i % o.matchEvery === 1;
  const email =
    i % o.invalidEvery === 0
      ? `not-an-email-${i}`
      : existing
        ? `existing-${Math.floor(i / o.matchEvery) % o.existing}@example.com`
        : `${o.tag}-${i}@example.com`;
  const status = ['lead', 'prospect', 'customer'][i % 3];
  return `Person ${o.tag} ${i},person,${email},+385 1 ${String(1000000 + i)},https://p${i}.example.com,"Ilica ${i % 300}, Zagreb",HR,,${status},"import,bench",csv,Row ${i} of a generated file\n`;
}

export function importCsv(options: ImportCsvOptions): Readable {
  const o: Required<ImportCsvOptions> = {
    existing: 0,
    invalidEvery: 20,
    matchEvery: 10,
    chunkRows: 2000,
    tag: 'gen',
    ...options,
  };
  let next = 0;
  return new Readable({
    read() {
      if (next === 0) this.push(HEADER);
      if (next >= o.rows) {
        this.push(null);
        return;
      }
      const end = Math.min(o.rows, next + o.chunkRows);
      let text = '';
      for (let i = next; i < end; i++) text += row(i, o);
      next = end;
      this.push(text);
    },
  });
}

/** `count` customers whose emails the generated files match (`existing-<n>@example.com`). */
export function existingCsv(count: number): string {
  let text = 'name,email,status\n';
  for (let n = 0; n < count; n++) text += `Existing ${n},existing-${n}@example.com,customer\n`;
  return text;
}
