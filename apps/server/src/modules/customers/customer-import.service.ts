import {
  type CustomerImportQuery,
  type CustomerImportResult,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '@kontora/contract/customer-import';
import { CUSTOMER_LIMITS, CustomerCreateBody } from '@kontora/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { type CsvRecord, parseCsv, unguardCell } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import { insertActivities } from './customer-activities.repository.ts';
import { completeCustomer, type EditableCustomer, newCustomerRow } from './customer-dto.ts';
import { customersChanged } from './customer-page-cache.ts';
import { insertCustomers } from './customers.repository.ts';

/** Rows saved per transaction: large enough to be fast, small enough not to hold the database long. */
const BATCH = 500;

/** Headers people use for the fields, beyond the field names themselves (compared folded: a-z0-9 only). */
const ALIASES: Record<string, ImportField> = {
  fullname: 'name',
  displayname: 'name',
  firstname: 'first_name',
  givenname: 'first_name',
  ime: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  prezime: 'last_name',
  company: 'organisation_name',
  companyname: 'organisation_name',
  organisation: 'organisation_name',
  organization: 'organisation_name',
  organizationname: 'organisation_name',
  tvrtka: 'organisation_name',
  mail: 'email',
  emailaddress: 'email',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  phonenumber: 'phone',
  telefon: 'phone',
  url: 'website',
  web: 'website',
  vat: 'oib',
  vatid: 'oib',
  vatnumber: 'oib',
  taxid: 'oib',
  owner: 'owner_email',
  owneremail: 'owner_email',
  tag: 'tags',
  labels: 'tags',
};

const foldHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const FIELD_BY_FOLDED = new Map<string, ImportField>([
  ...IMPORT_FIELDS.map((f) => [foldHeader(f), f] as const),
  ...Object.entries(ALIASES),
]);

const badMapping = (details: Record<string, string[]>) =>
  new AppError(400, 'validation_failed', 'The column mapping does not fit the file.', { details });

/** Column index → field, from the explicit mapping where given, else by header name. */
export function resolveMapping(header: string[], explicit: ImportMapping | undefined) {
  const trimmed = header.map((h) => h.trim());
  const unknown = Object.keys(explicit ?? {}).filter((h) => !trimmed.includes(h));
  if (unknown.length)
    throw badMapping(Object.fromEntries(unknown.map((h) => [`mapping.${h}`, ['unknown_column']])));
  const applied: ImportMapping = {};
  const columns: (ImportField | null)[] = trimmed.map((h) => {
    const field =
      explicit && h in explicit ? (explicit[h] ?? null) : (FIELD_BY_FOLDED.get(foldHeader(h)) ?? null);
    applied[h] = field;
    return field;
  });
  const seen = new Set<ImportField>();
  for (const field of columns) {
    if (field && seen.has(field)) throw badMapping({ mapping: ['duplicate_field'] });
    if (field) seen.add(field);
  }
  return { columns, applied };
}

const ENUM_ALIASES: Record<string, string> = { organization: 'organisation', company: 'organisation' };

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
    const value = unguardCell(raw.trim());
    if (value === '') return;
    if (field === 'tags') input.tags = value.split(/[,;|]/);
    else if (field === 'type' || field === 'status') {
      const v = value.toLowerCase();
      input[field] = ENUM_ALIASES[v] ?? v;
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
 * Reads the CSV as it arrives; valid rows are saved in batches, each batch in
 * one transaction; every refused row is reported with its line and reasons.
 * A failure part-way keeps the batches already saved (the answer says how many).
 */
export async function importCustomers(
  ctx: AppContext,
  actor: Actor,
  body: AsyncIterable<Uint8Array | string>,
  query: CustomerImportQuery,
): Promise<CustomerImportResult> {
  const members = await memberIdsByEmail(ctx.db, actor.companyId);
  const delimiter = query.delimiter === 'tab' ? '\t' : query.delimiter;
  const records = parseCsv(body, { delimiter, maxField: CUSTOMER_LIMITS.notesMax + 1 });
  const result: CustomerImportResult = {
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
    if (rows.length === 0) return;
    if (query.dry_run) {
      result.imported += rows.length;
      return;
    }
    const at = new Date().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
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
          author_id: actor.userId,
          created_at: at,
        })),
      );
      await recordChange(trx, {
        companyId: actor.companyId,
        type: 'customer.imported',
        entity: { type: 'customer', id: null },
        actor: byUser(actor.userId),
        data: { count: ids.length, ids },
      });
    });
    result.imported += rows.length;
    customersChanged(actor.companyId);
  };

  for await (const record of records) {
    if (!columns) {
      const mapping = resolveMapping(record.fields, query.mapping);
      columns = mapping.columns;
      result.mapping = mapping.applied;
      continue;
    }
    result.rows++;
    const outcome = readRow(record, columns, members);
    if (outcome.ok) {
      batch.push(outcome.customer);
      if (batch.length >= BATCH) await flush();
    } else {
      result.rejected++;
      if (result.errors.length < CUSTOMER_LIMITS.importReportMax) {
        result.errors.push({ line: record.line, reasons: outcome.reasons });
      } else result.errors_truncated = true;
    }
  }
  if (!columns) {
    throw new AppError(400, 'validation_failed', 'The file is empty.', { details: { file: ['empty_file'] } });
  }
  await flush();
  return result;
}
