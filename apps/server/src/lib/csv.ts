/**
 * CSV (RFC 4180) in both directions, streaming: records are read from a byte
 * stream as they arrive and written row by row, never holding a whole file.
 * Spreadsheets' habits are honoured: a UTF-8 BOM, `;` or tab separators, CRLF,
 * and formula-looking cells guarded with a leading apostrophe.
 */

export interface CsvRecord {
  /** Physical line where the record starts (1-based). */
  line: number;
  fields: string[];
}

export interface CsvOptions {
  /** Detected from the first line when omitted: the most frequent of `,` `;` and tab outside quotes. */
  delimiter?: string | undefined;
  /** Longest accepted field, in characters; longer fields are cut (the row is still reported by line). */
  maxField?: number;
}

export function detectDelimiter(firstLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === candidate) count++;
    }
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** Records of a CSV byte stream. Blank lines are skipped. */
export async function* parseCsv(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: CsvOptions = {},
): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8');
  const maxField = options.maxField ?? 100_000;
  let delimiter = options.delimiter;
  let head = '';
  let first = true;

  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let recordLine = 1;
  let out: CsvRecord[] = [];

  const endField = () => {
    fields.push(field.length > maxField ? field.slice(0, maxField) : field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') out.push({ line: recordLine, fields });
    fields = [];
  };

  const consume = (text: string) => {
    const d = delimiter ?? ',';
    let start = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const ch = text.charCodeAt(i);
      if (quoted) {
        if (ch === 34 /* " */) {
          field += text.slice(start, i);
          quoted = false;
          afterQuote = true;
          start = i + 1;
        } else if (ch === 10 /* \n */) {
          line++;
        }
        continue;
      }
      if (ch === 34) {
        field += text.slice(start, i);
        start = i + 1;
        if (afterQuote) {
          field += '"'; // "" inside a quoted field
          quoted = true;
          afterQuote = false;
        } else if (field === '') {
          quoted = true;
        } else {
          field += '"'; // a stray quote inside an unquoted field is kept as text
        }
      } else if (text[i] === d) {
        field += text.slice(start, i);
        start = i + 1;
        endField();
      } else if (ch === 10) {
        field += text.slice(start, i);
        start = i + 1;
        if (field.endsWith('\r')) field = field.slice(0, -1);
        endRecord();
        line++;
        recordLine = line;
      } else if (afterQuote && ch !== 13) {
        afterQuote = false; // text after a closing quote: lenient, keep it
      }
    }
    field += text.slice(start);
  };

  const feed = function* (text: string): Generator<CsvRecord> {
    if (first) {
      head += text;
      if (!delimiter) {
        const nl = head.indexOf('\n');
        if (nl < 0 && head.length < 65_536) return;
        delimiter = detectDelimiter(nl < 0 ? head : head.slice(0, nl));
      }
      first = false;
      text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
      head = '';
    }
    consume(text);
    const ready = out;
    out = [];
    yield* ready;
  };

  for await (const chunk of source) {
    yield* feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  yield* feed(decoder.decode());
  if (first) {
    delimiter ??= detectDelimiter(head);
    first = false;
    consume(head.charCodeAt(0) === 0xfeff ? head.slice(1) : head);
  }
  if (field !== '' || fields.length > 0) {
    if (field.endsWith('\r')) field = field.slice(0, -1);
    endRecord();
  }
  yield* out;
}

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Undoes csvCell's guard on the way back in. */
export function unguardCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
