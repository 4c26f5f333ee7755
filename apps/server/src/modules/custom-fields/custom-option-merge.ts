import type { FieldChange } from '@kontora/contract/change-feed';
import type { CustomField, CustomOptionMergeBody } from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { updateField } from './custom-fields.repository.ts';
import { checkValue, readValue, type StoredValue } from './custom-values.ts';
import { auditField, definitionsChanged, getField } from './field-definition.ts';
import { replaceValuesOfMany } from './own-values.repository.ts';
import { valuesOfRecordsHolding } from './value-first.repository.ts';

/**
 * Merging option `from` of a select into option `into` (docs/decisions/076-field-deletion-merge-and-bulk.md): every record
 * holding `from` holds `into` instead (a multiple select holding both keeps one `into`, in
 * the place of the first), and `from` leaves the options. The records' write doors bump
 * their versions and write their timeline and feed entries; this file plans the values and
 * stores them and the definition, all in the caller's transaction.
 */

/** One record's value before and after the merge, with the rows that store the new one. */
export interface OptionMergeChange {
  recordId: number;
  change: FieldChange;
  rows: StoredValue[];
}

export interface OptionMergePlan {
  field: CustomField;
  from: string;
  into: string;
  changes: OptionMergeChange[];
}

const refuse = (details: Record<string, string[]>) =>
  new AppError(400, 'validation_failed', 'These options cannot be merged.', { details });

const merged = (value: unknown, from: string, into: string): unknown => {
  if (!Array.isArray(value)) return value === from ? into : value;
  return [...new Set(value.map((v) => (v === from ? into : v)))];
};

/** Checks the merge and reads the records it changes (404: no such field of the company). */
export async function planOptionMerge(
  db: Database,
  companyId: number,
  fieldId: number,
  body: CustomOptionMergeBody,
): Promise<OptionMergePlan> {
  const field = await getField(db, companyId, fieldId);
  if (field.type !== 'single_select' && field.type !== 'multi_select')
    throw refuse({ from: ['not_a_select'] });
  const values = field.options.map((o) => o.value);
  const problems: Record<string, string[]> = {};
  if (!values.includes(body.from)) problems.from = ['unknown_option'];
  if (!values.includes(body.into)) problems.into = ['unknown_option'];
  else if (body.into === body.from) problems.into = ['same_option'];
  if (Object.keys(problems).length) throw refuse(problems);
  const rows = await valuesOfRecordsHolding(db, companyId, field.record, field.id, body.from);
  const byRecord = new Map<number, StoredValue[]>();
  for (const r of rows) {
    const held = byRecord.get(r.record_id);
    if (held) held.push(r);
    else byRecord.set(r.record_id, [r]);
  }
  // Hidden options are allowed here: the record held `from`, and `into` takes its place.
  const all = { ...field, options: field.options.map((o) => ({ ...o, hidden: false })) };
  const changes: OptionMergeChange[] = [];
  for (const [recordId, held] of byRecord) {
    const before = readValue(field.type, held);
    const after = merged(before, body.from, body.into);
    const checked = checkValue(all, after);
    if ('problem' in checked) throw new Error(`merged value refused: ${checked.problem}`);
    changes.push({ recordId, change: { field: `custom.${field.key}`, before, after }, rows: checked.rows });
  }
  return { field, from: body.from, into: body.into, changes };
}

/** Stores the merged values of these records (a batch of the plan). */
export async function writeMergedValues(
  db: Database,
  companyId: number,
  plan: OptionMergePlan,
  batch: OptionMergeChange[],
): Promise<void> {
  const fieldId = plan.field.id;
  await replaceValuesOfMany(
    db,
    companyId,
    plan.field.record,
    batch.flatMap((c) => c.rows.map((r) => ({ ...r, field_id: fieldId, record_id: c.recordId }))),
    { cleared: batch.map((c) => ({ id: c.recordId, fieldId })) },
  );
}

/** Takes `from` out of the field's options (audited with the records changed). Answers the field. */
export async function finishOptionMerge(
  ctx: Pick<AppContext, 'clock'>,
  db: Database,
  actor: Actor,
  plan: OptionMergePlan,
): Promise<CustomField> {
  const { field } = plan;
  await updateField(db, actor.companyId, field.id, {
    options: JSON.stringify(field.options.filter((o) => o.value !== plan.from)),
    updated_at: ctx.clock.nowIso(),
  });
  const after = await getField(db, actor.companyId, field.id);
  await auditField(db, actor, 'merge_options', field.id, {
    before: field,
    after: { ...after, merged: { from: plan.from, into: plan.into, records: plan.changes.length } },
  });
  return after;
}

/** After the commit: cached list answers showing the old option are dropped. */
export function optionsMerged(ctx: Pick<AppContext, 'caches'>, companyId: number): void {
  definitionsChanged(ctx, companyId);
}
