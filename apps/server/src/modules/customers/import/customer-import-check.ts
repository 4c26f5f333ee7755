import type { OwnFieldTarget } from '@kontora/contract/csv-import';
import type {
  CustomerImportQuery,
  CustomerImportResult,
  ImportField,
} from '@kontora/contract/customer-import';
import { CUSTOMER_LIMITS, CustomerCreateBody, customerProblems } from '@kontora/contract/customers';
import { type CsvRecord, parseCsv } from '../../../lib/csv.ts';
import { readHeader, resolveMapping } from '../../../lib/csv-import/csv-mapping.ts';
import { addIssues, isBlankRecord, rowCells } from '../../../lib/csv-import/csv-rows.ts';
import {
  multiLineTargets,
  type OwnImportFields,
  ownMappingTargets,
  readOwnCells,
} from '../../custom-fields/custom-fields.service.ts';
import { type DerivedColumns, derivedColumns } from '../customer-derived-columns.ts';
import { completeCustomer, type EditableCustomer } from '../customer-dto.ts';
import { CUSTOMER_HEADERS } from './customer-import-headers.ts';
import { readCreateBody } from './customer-import-row-check.ts';
import { type PackedRow, packStaged } from './customer-import-staged-row.ts';

/** A column's target: a customer field or one of the company's own (`custom.{key}`). */
export type Target = ImportField | OwnFieldTarget;

/** Fields whose text may span lines; in the others a line break inside a quoted cell becomes a space. */
const MULTI_LINE_FIELDS: readonly Target[] = ['address', 'notes'];

const ENUM_ALIASES = new Map([
  ['organization', 'organisation'],
  ['company', 'organisation'],
]);

type RowOutcome =
  | {
      ok: true;
      customer: EditableCustomer;
      present: string[];
      organisations: string[];
      custom: Record<string, unknown>;
    }
  | { ok: false; reasons: Record<string, string[]> };

/**
 * One record → a valid customer with its own-field values, or the reasons it is refused
 * (field or `custom.{key}` → codes).
 */
export function readRow(
  record: CsvRecord,
  columns: (Target | null)[],
  members: ReadonlyMap<string, number>,
  own: OwnImportFields,
  multiLine: ReadonlySet<Target> = new Set(MULTI_LINE_FIELDS),
): RowOutcome {
  const input: Record<string, unknown> = {};
  const reasons: Record<string, string[]> = {};
  const ownCells = new Map<string, string>();
  let organisations: string[] = [];
  // Every reason is reported, not just the first, so one pass over the file fixes it.
  for (const [field, value] of rowCells(record, columns, multiLine, reasons)) {
    if (field.startsWith('custom.')) ownCells.set(field.slice('custom.'.length), value);
    else if (field === 'tags') input.tags = value.split(/[,;|]/);
    else if (field === 'organisations') organisations = organisationNames(value, reasons);
    else if (field === 'type' || field === 'status') {
      const v = value.toLowerCase();
      input[field] = ENUM_ALIASES.get(v) ?? v;
    } else if (field === 'owner_email') {
      const owner = members.get(value.toLowerCase());
      if (owner === undefined) reasons.owner_email = ['not_member'];
      else input.owner_id = owner;
    } else input[field] = value;
  }
  // The schema's reading in plain code where it would accept the row; the schema itself otherwise.
  const plain = readCreateBody(input);
  const parsed = plain ? { success: true as const, data: plain } : CustomerCreateBody.safeParse(input);
  if (!parsed.success) {
    addIssues(reasons, parsed.error.issues);
    // zod skips the whole-customer checks (name, OIB) once a field fails: run them on the raw cells too.
    for (const [field, codes] of Object.entries(
      customerProblems(input as Parameters<typeof customerProblems>[0]),
    )) {
      reasons[field] ??= codes;
    }
  }
  if (parsed.success && parsed.data.type !== 'person' && organisations.length) {
    reasons.organisations = ['person_only'];
  }
  const custom = readOwnCells(own, ownCells, reasons);
  if (Object.keys(reasons).length || !parsed.success) return { ok: false, reasons };
  const customer = completeCustomer(parsed.data);
  // A person's free-text organisation is one of their organisations too (docs/product.md §6).
  if (customer.type === 'person' && customer.organisation_name) {
    organisations = [...new Set([...organisations, customer.organisation_name])];
  }
  return { ok: true, customer, present: Object.keys(input), organisations, custom };
}

/** The names of an `organisations` cell (`;` between them), or reasons they are refused. */
function organisationNames(value: string, reasons: Record<string, string[]>): string[] {
  const names = [
    ...new Set(
      value
        .split(';')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (names.some((n) => n.length > CUSTOMER_LIMITS.nameMax)) reasons.organisations = ['too_long'];
  else if (names.length > CUSTOMER_LIMITS.organisationsMax) reasons.organisations = ['too_many'];
  return names;
}

/** What checking a file's records needs: all of it can be sent to a thread. */
export interface CheckSetup {
  query: Pick<CustomerImportQuery, 'delimiter' | 'mapping' | 'match_by'>;
  /** Member email (lower case) → user id, for the owner column. */
  members: Map<string, number>;
  own: OwnImportFields;
  /** Each valid row comes with its derived columns (sort name, search words, match keys). */
  derive: boolean;
}

/** A run of checked records in line order. */
export interface CheckedBatch {
  /** Records read (blank lines aside). */
  read: number;
  /** The valid rows, packed as they are staged. */
  rows: { line: number; row: PackedRow; derived?: DerivedColumns }[];
  refused: { line: number; reasons: Record<string, string[]> }[];
  /** The header's mapping as applied: with the first batch. */
  mapping?: CustomerImportResult['mapping'];
}

/**
 * Records checked per batch: each batch is one feed batch, and one lookup of the rows' matches.
 * At 1,000 rather than 500 a 100,000-row import on SQLite ran 7.0–7.2 → 6.2–6.3 s (with the
 * file read ahead of the check, customer-import-check-thread.ts): fewer, larger transactions
 * behind the switch, each still within its time budget (lib/csv-import/switch-chunks.ts).
 */
const CHECK_BATCH = 1000;

/** The column of a file's header that holds customer ids (`id`, as an export writes it), if any. */
function idColumnOf(header: string[], applied: Record<string, unknown>): number {
  return header.findIndex((h) => h.trim().toLowerCase() === 'id' && !applied[h]);
}

/**
 * Reads a CSV byte stream as it arrives: the header's mapping, then each record checked, in
 * batches of CHECK_BATCH records. A file without a header yields nothing.
 */
export async function* checkRecords(
  file: AsyncIterable<Uint8Array>,
  { query, members, own, derive }: CheckSetup,
): AsyncGenerator<CheckedBatch> {
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  const records = parseCsv(file, { delimiter, maxField: CUSTOMER_LIMITS.notesMax + 1 });
  const multiLine = new Set<Target>([...MULTI_LINE_FIELDS, ...multiLineTargets(own.fields)]);
  let columns: (Target | null)[] | undefined;
  let idColumn = -1;
  let batch: CheckedBatch = { read: 0, rows: [], refused: [] };
  for await (const record of records) {
    if (!columns) {
      const header = readHeader(record.fields);
      const mapping = resolveMapping<Target>(
        header,
        query.mapping,
        CUSTOMER_HEADERS,
        ownMappingTargets(own.fields),
      );
      columns = mapping.columns;
      batch.mapping = mapping.applied;
      idColumn = query.match_by.includes('id') ? idColumnOf(header, mapping.applied) : -1;
      continue;
    }
    // A row of empty cells (a spreadsheet's blank line, `;;;;`) is a blank line, not a refused row.
    if (isBlankRecord(record)) continue;
    batch.read++;
    const outcome = readRow(record, columns, members, own, multiLine);
    if (outcome.ok) {
      const idCell = idColumn < 0 ? '' : (record.fields[idColumn]?.trim() ?? '');
      const id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : null;
      const { customer, present, organisations, custom } = outcome;
      const row = packStaged({ customer, present, id, organisations, custom });
      batch.rows.push(
        derive ? { line: record.line, row, derived: derivedColumns(customer) } : { line: record.line, row },
      );
    } else batch.refused.push({ line: record.line, reasons: outcome.reasons });
    if (batch.read >= CHECK_BATCH) {
      yield batch;
      batch = { read: 0, rows: [], refused: [] };
    }
  }
  if (columns) yield batch;
}
