import type { DealExportQuery } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import { csvLine } from '../../lib/csv.ts';
import { customCsvColumns, customListPlan } from '../custom-fields/custom-fields.service.ts';
import { customerNames, userEmails } from './deal-csv.repository.ts';
import { fromCents, parseTags } from './deal-dto.ts';
import { type DealListFilter, listDeals, sortValueOf } from './deal-list.repository.ts';
import { toDealFilter } from './deal-list.service.ts';
import { customerIdsOf } from './deals.repository.ts';
import { selectPipelines, selectStages } from './pipelines.repository.ts';

/**
 * Columns of the export. `pipeline`, `stage`, `owner` (an email) and `organisation` (a name) are
 * what the deal import reads back under those headers; the others are for reading.
 */
export const DEAL_EXPORT_COLUMNS = [
  'id',
  'title',
  'amount',
  'currency',
  'pipeline',
  'stage',
  'status',
  'probability',
  'expected_close_date',
  'owner',
  'organisation',
  'people',
  'lost_reason',
  'closed_at',
  'tags',
  'notes',
  'created_at',
  'updated_at',
] as const;

const BATCH = 1000;

/**
 * The deals of the list's filters as CSV, oldest first, with a column per field of the
 * company's own, in pages of a thousand read by keyset (as the customer export does): memory
 * stays flat whatever the size, and the database connection is free between pages. The
 * filters are checked before the answer starts, so a bad one is a 400, not a cut-off download.
 */
export async function exportDealsCsv(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  query: DealExportQuery,
): Promise<AsyncGenerator<string>> {
  const custom = await customListPlan(ctx.db, companyId, 'deal', query, undefined);
  const columns = await customCsvColumns(ctx.db, companyId, 'deal');
  return csvPages(ctx, companyId, { ...toDealFilter(query), custom }, columns);
}

async function* csvPages(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  filter: DealListFilter,
  columns: Awaited<ReturnType<typeof customCsvColumns>>,
): AsyncGenerator<string> {
  const pipelines = new Map((await selectPipelines(ctx.db, companyId)).map((p) => [p.id, p.name]));
  const stages = new Map((await selectStages(ctx.db, companyId)).map((s) => [s.id, s.name]));
  // The BOM makes spreadsheet programs read UTF-8 (Č, Š, Ž…) correctly.
  yield `\uFEFF${csvLine([...DEAL_EXPORT_COLUMNS, ...columns.headers])}`;
  let after: { value: string | number; id: number } | undefined;
  for (;;) {
    const rows = await listDeals(ctx.db, companyId, filter, 'created_at', 'asc', after, BATCH);
    if (rows.length === 0) return;
    const people = await customerIdsOf(
      ctx.db,
      companyId,
      rows.map((r) => r.id),
    );
    const names = await customerNames(ctx.db, companyId, [...new Set([...people.values()].flat())]);
    const owners = await userEmails(ctx.db, [
      ...new Set(rows.flatMap((r) => (r.owner_id === null ? [] : [r.owner_id]))),
    ]);
    const custom = await columns.cells(rows.map((r) => r.id));
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.id,
        r.title,
        fromCents(r.amount_cents === null ? null : Number(r.amount_cents)),
        r.currency,
        pipelines.get(r.pipeline_id),
        stages.get(r.stage_id),
        r.status,
        r.probability ?? r.stage_probability,
        r.expected_close_date,
        r.owner_id === null ? null : owners.get(r.owner_id),
        r.organisation_id === null ? null : r.organisation_name,
        (people.get(r.id) ?? []).map((id) => names.get(id) ?? '').join('; '),
        r.lost_reason,
        r.closed_at,
        parseTags(r.tags).join(', '),
        r.notes,
        r.created_at,
        r.updated_at,
        ...(custom.get(r.id) ?? []),
      ]);
    }
    yield chunk;
    if (rows.length < BATCH) return;
    const last = rows.at(-1);
    if (!last) return;
    after = { value: sortValueOf(last, 'created_at'), id: last.id };
  }
}
