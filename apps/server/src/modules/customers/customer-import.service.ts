import type {
  CustomerImportQuery,
  CustomerImportResult,
  ImportField,
} from '@kontora/contract/customer-import';
import { CUSTOMER_LIMITS, CustomerCreateBody } from '@kontora/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { type CsvRecord, parseCsv, unguardCell } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import { insertActivities } from './customer-activities.repository.ts';
import { authorOf, completeCustomer, type EditableCustomer, newCustomerRow } from './customer-dto.ts';
import { readHeader, resolveMapping } from './customer-import-mapping.ts';
import { customersChanged } from './customer-page-cache.ts';
import { insertCustomers } from './customers.repository.ts';

/** Rows saved per statement batch: large enough to be fast, small enough for the databases' parameter limits. */
const BATCH = 500;

/** Fields whose text may span lines; in the others a line break inside a quoted cell becomes a space. */
const MULTI_LINE_FIELDS: ReadonlySet<ImportField> = new Set(['address', 'notes']);

const ENUM_ALIASES = new Map([
  ['organization', 'organisation'],
  ['company', 'organisation'],
]);

type RowOutcome = { ok: true; customer: EditableCustomer } | { ok: false; reasons: Record<string, string[]> };

/** One record → a valid customer, or the reasons it is refused (field → codes). */
export function readRow(
  record: CsvRecord,
  columns: (ImportField | null)[],
  members: Map<string, number>,
): RowOutcome {
  if (
    record.fields.length > columns.length &&
    record.fields.slice(columns.length).some((v) => v.trim() !== '')
  ) {
    return { ok: false, reasons: { row: ['too_many_columns'] } };
  }
  const input: Record<string, unknown> = {};
  const reasons: Record<string, string[]> = {};
  columns.forEach((field, i) => {
    const raw = record.fields[i];
    if (!field || raw === undefined) return;
    const cell = unguardCell(raw.trim());
    const value = MULTI_LINE_FIELDS.has(field) ? cell : cell.replace(/[\r\n]+/g, ' ');
    if (value === '') return;
    if (field === 'tags') input.tags = value.split(/[,;|]/);
    else if (field === 'type' || field === 'status') {
      const v = value.toLowerCase();
      input[field] = ENUM_ALIASES.get(v) ?? v;
    } else if (field === 'owner_email') {
      const owner = members.get(value.toLowerCase());
      if (owner === undefined) reasons.owner_email = ['not_member'];
      else input.owner_id = owner;
    } else input[field] = value;
  });
  const parsed = CustomerCreateBody.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'row');
      const code = /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code;
      const list = reasons[key] ?? [];
      if (!list.includes(code)) list.push(code);
      reasons[key] = list;
    }
  }
  if (Object.keys(reasons).length || !parsed.success) return { ok: false, reasons };
  return { ok: true, customer: completeCustomer(parsed.data) };
}

/**
 * All or nothing (issue 11): the whole upload has been received first (customer-import-upload.ts),
 * so a file that turns out too large or arrives too slowly is refused before a single row is
 * written. Then the rows are read and checked, and the valid ones saved in one transaction:
 * a failure part-way saves nothing. Refused rows are reported with their line and reasons.
 */
export async function importCustomers(
  ctx: AppContext,
  actor: Actor,
  file: Uint8Array[],
  query: CustomerImportQuery,
): Promise<CustomerImportResult> {
  const members = await memberIdsByEmail(ctx.db, actor.companyId);
  if (query.dry_run) return (await readAndSave(file, query, members, null)).report;
  const at = new Date().toISOString();
  const result = await ctx.db.transaction().execute((trx) =>
    readAndSave(file, query, members, async (rows) => {
      const ids = await insertCustomers(
        trx,
        rows.map((c) => newCustomerRow(actor.companyId, c, { userId: actor.userId, at })),
        rows.map((c) => c.tags),
      );
      await insertActivities(
        trx,
        ids.map((id) => ({
          company_id: actor.companyId,
          customer_id: id,
          kind: 'imported' as const,
          body: null,
          changes: null,
          ...authorOf(actor),
          created_at: at,
        })),
      );
      // One change per batch, as before: feed readers get pages of ids, not one record of them all.
      await recordChange(trx, {
        companyId: actor.companyId,
        type: 'customer.imported',
        entity: { type: 'customer', id: null },
        actor: byActor(actor),
        data: { count: ids.length, ids },
      });
      return ids.length;
    }),
  );
  if (result.imported) customersChanged(actor.companyId);
  return result.report;
}

type SaveBatch = ((rows: EditableCustomer[]) => Promise<number>) | null;

/** Reads every record of the received file, checks each row and hands the valid ones to `save` in batches. */
async function readAndSave(
  file: Uint8Array[],
  query: CustomerImportQuery,
  members: Map<string, number>,
  save: SaveBatch,
): Promise<{ report: CustomerImportResult; imported: number }> {
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  const records = parseCsv(file, { delimiter, maxField: CUSTOMER_LIMITS.notesMax + 1 });
  const report: CustomerImportResult = {
    dry_run: query.dry_run,
    rows: 0,
    imported: 0,
    rejected: 0,
    errors: [],
    errors_truncated: false,
    mapping: {},
  };
  let columns: (ImportField | null)[] | undefined;
  let batch: EditableCustomer[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    if (rows.length && save) await save(rows);
    report.imported += rows.length;
  };

  for await (const record of records) {
    if (!columns) {
      const mapping = resolveMapping(readHeader(record.fields), query.mapping);
      columns = mapping.columns;
      report.mapping = mapping.applied;
      continue;
    }
    report.rows++;
    const outcome = readRow(record, columns, members);
    if (outcome.ok) {
      batch.push(outcome.customer);
      if (batch.length >= BATCH) await flush();
    } else {
      report.rejected++;
      if (report.errors.length < CUSTOMER_LIMITS.importReportMax) {
        report.errors.push({ line: record.line, reasons: outcome.reasons });
      } else report.errors_truncated = true;
    }
  }
  if (!columns) {
    throw new AppError(400, 'validation_failed', 'The file is empty.', { details: { file: ['empty_file'] } });
  }
  await flush();
  return { report, imported: report.imported };
}
