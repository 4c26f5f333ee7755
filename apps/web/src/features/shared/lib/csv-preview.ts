import { IMPORT_FIELDS, type ImportField } from '@kontora/contract/customer-import-values';

/**
 * The browser's look at a CSV before it is uploaded: the delimiter, the header
 * and a few rows, so that the columns can be mapped. Only the start of the file
 * is read (a 50 MB file must not be loaded into memory to show five rows); the
 * server parses the whole file by the same rules (apps/server/src/lib/csv.ts).
 */

/** The delimiters the import API takes (`delimiter=` query value). */
export const CSV_DELIMITERS = [',', ';', 'tab'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** How much of the file the preview reads. */
export const PREVIEW_BYTES = 64 * 1024;
/** Data rows shown under the header. */
export const PREVIEW_ROWS = 5;

export type CsvHead = {
  /** The decoded start of the file (BOM removed). */
  text: string;
  /** True when `text` is the whole file, so its last record is complete. */
  complete: boolean;
};

export type CsvPreview = {
  delimiter: CsvDelimiter;
  /** Header cells, trimmed as the server trims them (they are the mapping's keys). */
  headers: string[];
  /** The first data records (blank lines skipped), at most PREVIEW_ROWS. */
  rows: string[][];
};

const delimiterChar = (d: CsvDelimiter) => (d === 'tab' ? '\t' : d);

/** The most frequent of `,` `;` and tab outside quotes on the first line (the server's rule). */
export function detectDelimiter(text: string): CsvDelimiter {
  const newline = text.indexOf('\n');
  const firstLine = newline < 0 ? text : text.slice(0, newline);
  let best: CsvDelimiter = ',';
  let bestCount = 0;
  for (const candidate of CSV_DELIMITERS) {
    const char = delimiterChar(candidate);
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === char) count++;
    }
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * RFC 4180 records: quoted fields may hold delimiters, newlines and `""`; CRLF
 * or LF ends a record; blank lines are skipped. When the text is only the start
 * of a file (`complete` false) the last record may be cut, so it is left out.
 */
export function parseCsvRecords(
  text: string,
  delimiter: CsvDelimiter,
  { complete = true, maxRecords = Number.POSITIVE_INFINITY } = {},
): string[][] {
  const d = delimiterChar(delimiter);
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;

  const endRecord = () => {
    if (field.endsWith('\r')) field = field.slice(0, -1);
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push(fields);
    fields = [];
    field = '';
    afterQuote = false;
  };

  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        quoted = false;
        afterQuote = true;
      } else field += ch;
    } else if (ch === '"') {
      if (afterQuote) {
        field += '"'; // `""` inside a quoted field
        quoted = true;
        afterQuote = false;
      } else if (field === '') quoted = true;
      else field += '"'; // a stray quote in an unquoted field is text, as on the server
    } else if (ch === d) {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\n') {
      endRecord();
    } else {
      field += ch;
      if (ch !== '\r') afterQuote = false;
    }
  }
  if (complete && records.length < maxRecords && (field !== '' || fields.length > 0)) endRecord();
  return records;
}

/** The start of a file, decoded as UTF-8 (as the server decodes it). */
export async function readCsvHead(file: Blob, bytes = PREVIEW_BYTES): Promise<CsvHead> {
  const complete = file.size <= bytes;
  const buffer = await file.slice(0, bytes).arrayBuffer();
  // Not `fatal`: a multi-byte character cut at the end of the slice is only a preview blemish.
  const text = new TextDecoder('utf-8').decode(buffer);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, complete };
}

/** Header and first rows of the file's start, with the given or the detected delimiter. */
export function previewCsv(head: CsvHead, delimiter?: CsvDelimiter): CsvPreview {
  const used = delimiter ?? detectDelimiter(head.text);
  const lineEnd = head.text.indexOf('\n');
  // A header longer than the slice: take what there is rather than show nothing.
  const complete = head.complete || lineEnd < 0;
  const [header = [], ...rows] = parseCsvRecords(head.text, used, {
    complete,
    maxRecords: PREVIEW_ROWS + 1,
  });
  return { delimiter: used, headers: header.map((h) => h.trim()), rows };
}

/** Looks binary rather than like text (NUL bytes never occur in a CSV). */
export function looksBinary(head: CsvHead): boolean {
  return head.text.includes('\u0000');
}

/**
 * Headers people write for the fields, beyond the field names themselves, in the
 * product's languages. Compared folded: accents dropped, then a–z and 0–9 only.
 */
const ALIASES: Record<string, ImportField> = {
  fullname: 'name',
  displayname: 'name',
  customer: 'name',
  customername: 'name',
  contact: 'name',
  contactname: 'name',
  naziv: 'name',
  kupac: 'name',
  nombre: 'name',
  nome: 'name',
  firstname: 'first_name',
  givenname: 'first_name',
  forename: 'first_name',
  ime: 'first_name',
  vorname: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  prezime: 'last_name',
  nachname: 'last_name',
  apellido: 'last_name',
  apellidos: 'last_name',
  cognome: 'last_name',
  company: 'organisation_name',
  companyname: 'organisation_name',
  organisation: 'organisation_name',
  organization: 'organisation_name',
  organizationname: 'organisation_name',
  tvrtka: 'organisation_name',
  poduzece: 'organisation_name',
  firma: 'organisation_name',
  empresa: 'organisation_name',
  azienda: 'organisation_name',
  mail: 'email',
  emailaddress: 'email',
  correo: 'email',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  mobitel: 'phone',
  phonenumber: 'phone',
  telefon: 'phone',
  telefono: 'phone',
  telefonnummer: 'phone',
  url: 'website',
  web: 'website',
  webpage: 'website',
  homepage: 'website',
  webstranica: 'website',
  adresa: 'address',
  adresse: 'address',
  direccion: 'address',
  indirizzo: 'address',
  street: 'address',
  drzava: 'country',
  land: 'country',
  pais: 'country',
  paese: 'country',
  vat: 'oib',
  vatid: 'oib',
  vatnumber: 'oib',
  taxid: 'oib',
  pdvid: 'oib',
  ustidnr: 'oib',
  nif: 'oib',
  partitaiva: 'oib',
  kind: 'type',
  tip: 'type',
  vrsta: 'type',
  stage: 'status',
  owner: 'owner_email',
  owneremail: 'owner_email',
  vlasnik: 'owner_email',
  tag: 'tags',
  labels: 'tags',
  oznake: 'tags',
  izvor: 'source',
  note: 'notes',
  comment: 'notes',
  comments: 'notes',
  napomena: 'notes',
  biljeske: 'notes',
  notizen: 'notes',
};

export function foldHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_BY_FOLDED = new Map<string, ImportField>([
  ...IMPORT_FIELDS.map((f) => [foldHeader(f), f] as const),
  ...Object.entries(ALIASES),
]);

/** The field a header most likely means, or null. */
export function guessField(header: string): ImportField | null {
  return FIELD_BY_FOLDED.get(foldHeader(header)) ?? null;
}

/**
 * Header → field for every header; a field goes to the first column that claims it (the API refuses
 * doubles). Headers are the file's words (`constructor`, `__proto__`): kept in an object without a prototype.
 */
export function autoMapHeaders(
  headers: readonly string[],
  guess: (header: string) => string | readonly string[] | null = guessField,
): Record<string, string | null> {
  const mapping: Record<string, string | null> = Object.create(null);
  const taken = new Set<string>();
  for (const header of headers) {
    if (Object.hasOwn(mapping, header)) continue;
    const guessed = guess(header);
    const candidates = guessed === null ? [] : typeof guessed === 'string' ? [guessed] : guessed;
    // The first candidate no earlier column took: an own field labelled like a built-in one still maps.
    const field = candidates.find((f) => !taken.has(f)) ?? null;
    mapping[header] = field;
    if (field) taken.add(field);
  }
  return mapping;
}

/** The fields from which the server derives a customer's name; without one every row is refused. */
export const NAME_FIELDS: readonly ImportField[] = ['name', 'first_name', 'last_name', 'organisation_name'];

export function mapsAName(mapping: Readonly<Record<string, string | null>>): boolean {
  return Object.values(mapping).some(
    (field) => field !== null && (NAME_FIELDS as readonly string[]).includes(field),
  );
}

/** Headers whose field another (earlier) column already has: the API answers `duplicate_field`. */
export function duplicateHeaders(mapping: Readonly<Record<string, string | null>>): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const [header, field] of Object.entries(mapping)) {
    if (!field) continue;
    if (seen.has(field)) duplicates.add(header);
    seen.add(field);
  }
  return duplicates;
}
