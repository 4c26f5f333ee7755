import { IMPORT_FIELDS } from '@kontora/contract/customer-import';
import type { CustomerExportQuery } from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import { csvLine } from '../../../lib/csv.ts';
import { customCsvColumns } from '../../custom-fields/custom-fields.service.ts';
import { parseTags } from '../customer-dto.ts';
import { type ListFilter, listCustomers, sortValueOf } from '../list/customer-list.repository.ts';
import { customerCustomPlan, toListFilter } from '../list/customer-list.service.ts';
import { linksOfPeople } from '../organisations/customer-organisations.repository.ts';

/** Columns of the export; the importable ones carry the import field names, so an export imports back as is. */
export const EXPORT_COLUMNS = ['id', ...IMPORT_FIELDS, 'created_at', 'updated_at'] as const;

const BATCH = 1000;

/** The organisation names of the page's people, as the import reads them back (`;` between). */
async function organisationNames(ctx: AppContext, companyId: number, rows: { id: number; type: string }[]) {
  const people = rows.filter((r) => r.type === 'person').map((r) => r.id);
  const out = new Map<number, string[]>();
  for (const l of people.length ? await linksOfPeople(ctx.db, companyId, people) : []) {
    out.set(l.person_id, [...(out.get(l.person_id) ?? []), l.name]);
  }
  return out;
}

/**
 * The customers of the current filter as CSV, with a column per field of the company's own,
 * in pages of a thousand read by keyset: memory stays flat whatever the size, and the
 * database connection is free between pages. The filters are checked before the answer
 * starts, so a bad one is a 400, not a cut-off download.
 */
export async function exportCustomersCsv(
  ctx: AppContext,
  companyId: number,
  query: CustomerExportQuery,
): Promise<AsyncGenerator<string>> {
  const filter = {
    ...toListFilter(query),
    custom: await customerCustomPlan(ctx, companyId, query, undefined),
  };
  const columns = await customCsvColumns(ctx.db, companyId, 'customer');
  return csvPages(ctx, companyId, filter, columns);
}

async function* csvPages(
  ctx: AppContext,
  companyId: number,
  filter: ListFilter,
  columns: Awaited<ReturnType<typeof customCsvColumns>>,
): AsyncGenerator<string> {
  // The BOM makes spreadsheet programs read UTF-8 (Č, Š, Ž…) correctly.
  yield `\uFEFF${csvLine([...EXPORT_COLUMNS, ...columns.headers])}`;
  let after: { value: string; id: number } | undefined;
  for (;;) {
    const rows = await listCustomers(ctx.db, companyId, filter, after, BATCH);
    if (rows.length === 0) return;
    const names = await organisationNames(ctx, companyId, rows);
    const custom = await columns.cells(rows.map((r) => r.id));
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.id,
        r.type,
        r.name,
        r.first_name,
        r.last_name,
        r.organisation_name,
        r.email,
        r.phone,
        r.website,
        r.address,
        r.country,
        r.oib,
        r.status,
        r.owner_id === null ? null : r.owner_email,
        parseTags(r.tags).join(', '),
        r.source,
        r.notes,
        (names.get(r.id) ?? []).join('; '),
        r.created_at,
        r.updated_at,
        ...(custom.get(r.id) ?? []),
      ]);
    }
    yield chunk;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = { value: sortValueOf(last, filter.sort), id: last.id };
  }
}
