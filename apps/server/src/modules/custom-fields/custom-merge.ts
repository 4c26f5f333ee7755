import type { CustomField, CustomRecord } from '@kontora/contract/custom-fields';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { readValue, type StoredValue } from './custom-values.ts';
import { replaceValuesOfMany, selectValues, type ValueRow } from './own-values.repository.ts';

/**
 * Own-field values in a merge of records and its undo
 * (docs/decisions/075-own-fields-in-import-and-merge.md): the survivor takes, per field in use,
 * the value of the record chosen; the merge keeps every record's stored rows (archived fields'
 * too) so an undo puts them back exactly as they were.
 */

/** A stored value row as a merge's snapshot keeps it. */
export type KeptValue = StoredValue & { field_id: number };

/** Record id → its stored value rows (every field, archived ones too). */
export type KeptValues = Record<string, KeptValue[]>;

/** What the write door stores and records: as CustomPlan in custom-fields.service.ts. */
interface Plan {
  record: CustomRecord;
  changes: { field: string; before: unknown; after: unknown }[];
  values: Record<string, unknown>;
  fieldIds: number[];
  rows: KeptValue[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const keep = (r: ValueRow): KeptValue => ({
  field_id: r.field_id,
  ord: r.ord,
  v_text: r.v_text,
  v_num: r.v_num,
  v_long: r.v_long,
});

/** The records' stored rows, for the merge's snapshot. */
export async function keptValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
): Promise<KeptValues> {
  const out: KeptValues = Object.fromEntries(recordIds.map((id) => [String(id), []]));
  for (const r of await selectValues(db, companyId, record, recordIds))
    out[String(r.record_id)]?.push(keep(r));
  return out;
}

const rowsOf = (kept: KeptValue[], fieldId: number) =>
  kept.filter((r) => r.field_id === fieldId).sort((a, b) => a.ord - b.ord);

/**
 * The survivor's own values after a merge: per field in use, the value of the record `choices`
 * names (field key → record id), else the survivor's, else the first merged record's that has
 * one (in `mergedIds` order). Copied as stored, so a hidden option or a person who has left
 * survives as it was. An unknown or archived key is a 400 under `custom.{key}`.
 */
export function planMergedValues(
  fields: readonly CustomField[],
  record: CustomRecord,
  kept: KeptValues,
  survivorId: number,
  mergedIds: readonly number[],
  choices: Readonly<Record<string, number>>,
): Plan {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const unknown = Object.keys(choices).filter((key) => !byKey.has(key));
  if (unknown.length)
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', {
      details: Object.fromEntries(unknown.map((key) => [`custom.${key}`, ['unknown_field']])),
    });
  const plan: Plan = { record, changes: [], values: {}, fieldIds: [], rows: [] };
  const storedOf = (id: number, field: CustomField) => rowsOf(kept[String(id)] ?? [], field.id);
  for (const field of fields) {
    const held = storedOf(survivorId, field);
    const chosen = choices[field.key];
    const source =
      chosen ?? (held.length ? survivorId : mergedIds.find((id) => storedOf(id, field).length > 0));
    if (source === undefined || source === survivorId) continue;
    const rows = storedOf(source, field);
    const before = readValue(field.type, held);
    const after = readValue(field.type, rows);
    if (same(before, after)) continue;
    plan.changes.push({ field: `custom.${field.key}`, before, after });
    plan.values[field.key] = after;
    plan.fieldIds.push(field.id);
    plan.rows.push(...rows);
  }
  return plan;
}

/**
 * A plan putting a record's rows back as `kept` holds them (the survivor on a merge's undo):
 * every field still defined whose rows differ, archived ones too; the timeline lists those in use.
 */
export async function planRestoredValues(
  db: Database,
  companyId: number,
  fields: readonly CustomField[],
  record: CustomRecord,
  recordId: number,
  kept: KeptValue[],
): Promise<Plan> {
  const now = (await selectValues(db, companyId, record, [recordId])).map(keep);
  const plan: Plan = { record, changes: [], values: {}, fieldIds: [], rows: [] };
  for (const field of fields) {
    const before = rowsOf(now, field.id);
    const after = rowsOf(kept, field.id);
    if (same(before, after)) continue;
    plan.fieldIds.push(field.id);
    plan.rows.push(...after);
    if (field.archived) continue;
    const value = readValue(field.type, after);
    plan.changes.push({ field: `custom.${field.key}`, before: readValue(field.type, before), after: value });
    plan.values[field.key] = value;
  }
  return plan;
}

/** Puts restored records' rows back as kept (rows of fields deleted since are left out). */
export async function insertKeptValues(
  db: Database,
  companyId: number,
  fields: readonly CustomField[],
  record: CustomRecord,
  kept: KeptValues,
): Promise<void> {
  const defined = new Set(fields.map((f) => f.id));
  await replaceValuesOfMany(
    db,
    companyId,
    record,
    Object.entries(kept).flatMap(([id, rows]) =>
      rows.filter((r) => defined.has(r.field_id)).map((r) => ({ ...r, record_id: Number(id) })),
    ),
  );
}
