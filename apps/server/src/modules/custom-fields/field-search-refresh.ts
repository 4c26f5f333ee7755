import type { CustomRecord } from '@kontora/contract/custom-fields';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { SEARCHED_OWN_TYPES, type SearchedValue } from '../../lib/search-words.ts';
import { findFieldEvenDeleted } from './custom-fields.repository.ts';
import type { StoredValue } from './custom-values.ts';
import { selectSearchedValues } from './own-values.repository.ts';
import { recordIdsWithValues } from './value-first.repository.ts';

/**
 * Own text values are searched words of their records (docs/decisions/084-own-text-values-searched.md):
 * the records' write doors make the words from `searchedValuesOf` whenever values change; a
 * definition change that hides or shows a field's values (archived, restored, deleted, its
 * deletion undone) queues `refreshFieldSearchJob`, which walks the records holding a value of
 * the field and has their doors make their words again. The field's words stay findable (or
 * not yet findable) until the job reaches the record (minutes at 100,000 holders, decision 084).
 */

export const refreshFieldSearchJob = defineJob(
  'custom_fields.refresh_search',
  z.object({ company_id: z.number().int(), field_id: z.number().int() }),
  { maxAttempts: 5, perCompanyConcurrency: 1 },
);

/** Whether a field's values are words of its records. */
export const isSearchedType = (type: string): boolean =>
  (SEARCHED_OWN_TYPES as readonly string[]).includes(type);

/** Each record's searched own values (fields in use, form order); records without any left out. */
export async function searchedValuesOf(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
): Promise<Map<number, SearchedValue[]>> {
  const out = new Map<number, SearchedValue[]>();
  const rows = await selectSearchedValues(db, companyId, record, recordIds, SEARCHED_OWN_TYPES);
  for (const row of rows) {
    if (!row.text) continue;
    const list = out.get(row.record_id) ?? [];
    list.push({ type: row.type, text: row.text });
    out.set(row.record_id, list);
  }
  return out;
}

/**
 * The searched values of a record not stored yet, from the rows a write will store, in the
 * order `searchedValuesOf` reads them: fields in form order (`fields` as `activeFields`
 * answers them), each field's rows by `ord`, a long text whole, empty texts left out.
 */
export function searchedValuesOfNew(
  fields: readonly { id: number; type: string }[],
  rows: readonly (StoredValue & { field_id: number })[],
): SearchedValue[] {
  const out: SearchedValue[] = [];
  for (const field of fields) {
    if (!isSearchedType(field.type)) continue;
    const own = rows.filter((r) => r.field_id === field.id).sort((a, b) => a.ord - b.ord);
    for (const row of own) {
      const text = row.v_long ?? row.v_text;
      if (text) out.push({ type: field.type, text });
    }
  }
  return out;
}

/** Queues the refresh of a searched field's records, in the transaction that changed the field. */
export async function queueFieldSearchRefresh(
  ctx: Pick<AppContext, 'jobs'>,
  trx: Database,
  companyId: number,
  field: { id: number; type: string },
): Promise<void> {
  if (!isSearchedType(field.type)) return;
  await ctx.jobs.enqueue(trx, refreshFieldSearchJob, { company_id: companyId, field_id: field.id });
}

const PAGE = 500;

/**
 * Hands the ids of the records holding a value of the field to `refresh`, a page at a time
 * (each page its own transaction there). Nothing for a field already purged.
 */
export async function forEachRecordOfField(
  db: Database,
  companyId: number,
  fieldId: number,
  refresh: (record: CustomRecord, ids: number[]) => Promise<void>,
): Promise<void> {
  const field = await findFieldEvenDeleted(db, companyId, fieldId);
  if (!field || !isSearchedType(field.type)) return;
  let after = 0;
  for (;;) {
    const ids = await recordIdsWithValues(db, companyId, field.record, [fieldId], after, PAGE);
    if (ids.length > 0) await refresh(field.record, ids);
    if (ids.length < PAGE) return;
    after = ids.at(-1) ?? after;
  }
}
