import type { FieldChange } from '@kontora/contract/change-feed';
import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldUpdateBody,
  type CustomRecord,
} from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { isMember } from '../members/members.service.ts';
import {
  deleteField,
  type FieldRow,
  findField,
  insertField,
  insertValues,
  keyTaken,
  replaceValues,
  selectFields,
  selectValues,
  updateField,
  type ValueRow,
} from './custom-fields.repository.ts';
import { checkValue, readValue, type StoredValue } from './custom-values.ts';

export {
  type CustomListPlan,
  type CustomSort,
  customListPlan,
  customSortedPage,
} from './custom-list-plan.ts';
/** A value's check for a field (what a write would refuse), for callers that convert values first (connectors). */
export { checkValue } from './custom-values.ts';

/**
 * Fields of a company's own (docs/decisions/061-custom-field-values.md): the definitions,
 * managed by owners and admins, and the values' checks, reads and writes. The customers'
 * and deals' write doors call `planCustomValues` / `writeCustomValues` inside their
 * transactions, so values change with the record, its version, timeline and feed row.
 */

export function toField(row: FieldRow): CustomField {
  const labels = parseJson(row.labels);
  const options = parseJson(row.options);
  return {
    id: row.id,
    record: row.record,
    key: row.key,
    label: row.label,
    labels: labels && typeof labels === 'object' ? (labels as CustomField['labels']) : {},
    type: row.type as CustomField['type'],
    required: Boolean(row.required),
    options: Array.isArray(options) ? (options as CustomField['options']) : [],
    default: row.default_value === null ? null : (parseJson(row.default_value) ?? null),
    help: row.help,
    position: row.position,
    archived: Boolean(row.archived),
  };
}

/** Every field of the record kind, archived ones too, in order. */
export async function listFields(
  db: Database,
  companyId: number,
  record: CustomRecord,
): Promise<CustomField[]> {
  return (await selectFields(db, companyId, record)).map(toField);
}

/** The fields records show and take (not archived). */
export async function activeFields(db: Database, companyId: number, record: CustomRecord) {
  return (await listFields(db, companyId, record)).filter((f) => !f.archived);
}

const SELECTS = ['single_select', 'multi_select'];

function checkDefinition(field: Pick<CustomField, 'type' | 'options' | 'default'>): void {
  if (field.options.length && !SELECTS.includes(field.type))
    throw invalidField('options', 'not_a_select', 'Only selects have options.');
  if (field.default === null || field.default === undefined) return;
  if (field.type === 'person') throw invalidField('default', 'invalid_value', 'A person has no default.');
  const checked = checkValue(field, field.default);
  if ('problem' in checked)
    throw invalidField('default', checked.problem, 'The default does not fit the field.');
}

function tooMany(): AppError {
  return invalidField(
    'record',
    'too_many_fields',
    `A record kind has at most ${CUSTOM_FIELD_LIMITS.fieldsMax} fields in use.`,
  );
}

/** Cached list answers show values of fields in use: a definition change drops them. */
function definitionsChanged(ctx: Pick<AppContext, 'caches'>, companyId: number): void {
  ctx.caches.customerPages.evict(companyId);
}

/** Definition changes are in the audit log: who added, changed (archived, restored) or deleted which field. */
function auditField(
  db: Database,
  actor: Actor,
  action: 'create' | 'update' | 'delete',
  id: number,
  snapshots: { before?: CustomField; after?: CustomField },
) {
  return recordAudit(db, {
    ...auditActorOf(actor),
    action: `custom_field.${action}`,
    entity: 'custom_field',
    entityId: id,
    companyId: actor.companyId,
    ...snapshots,
  });
}

export async function createField(
  ctx: AppContext,
  actor: Actor,
  body: CustomFieldCreateBody,
): Promise<CustomField> {
  const { companyId } = actor;
  const field = { ...body, default: body.default ?? null };
  checkDefinition(field);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const fields = await selectFields(trx, companyId, body.record);
    if (fields.filter((f) => !f.archived).length >= CUSTOM_FIELD_LIMITS.fieldsMax) throw tooMany();
    if (await keyTaken(trx, companyId, body.record, body.key))
      throw invalidField('key', 'taken', 'Another field of this record kind has this key.');
    const at = new Date().toISOString();
    const newId = await insertField(trx, {
      company_id: companyId,
      record: body.record,
      key: body.key,
      label: body.label,
      labels: JSON.stringify(body.labels),
      type: body.type,
      help: body.help ?? null,
      required: body.required,
      default_value: field.default === null ? null : JSON.stringify(checkedDefault(field)),
      options: JSON.stringify(body.options),
      position: body.position ?? Math.max(-1, ...fields.map((f) => f.position)) + 1,
      archived: false,
      created_at: at,
      updated_at: at,
    });
    await auditField(trx, actor, 'create', newId, { after: await getField(trx, companyId, newId) });
    return newId;
  });
  definitionsChanged(ctx, companyId);
  return getField(ctx.db, companyId, id);
}

function checkedDefault(field: Pick<CustomField, 'type' | 'options' | 'default'>): unknown {
  const checked = checkValue(field, field.default);
  return 'problem' in checked ? null : checked.value;
}

export async function getField(db: Database, companyId: number, id: number): Promise<CustomField> {
  const row = await findField(db, companyId, id);
  if (!row) throw notFound('Field');
  return toField(row);
}

export async function changeField(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CustomFieldUpdateBody,
): Promise<CustomField> {
  const { companyId } = actor;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await getField(trx, companyId, id);
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    };
    checkDefinition(next);
    if (current.archived && body.archived === false) {
      const inUse = (await selectFields(trx, companyId, current.record)).filter((f) => !f.archived);
      if (inUse.length >= CUSTOM_FIELD_LIMITS.fieldsMax) throw tooMany();
    }
    await updateField(trx, companyId, id, {
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
      ...(body.help !== undefined ? { help: body.help } : {}),
      ...(body.required !== undefined ? { required: body.required } : {}),
      ...(body.default !== undefined
        ? { default_value: body.default === null ? null : JSON.stringify(checkedDefault(next)) }
        : {}),
      ...(body.options !== undefined ? { options: JSON.stringify(body.options) } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      ...(body.archived !== undefined ? { archived: body.archived } : {}),
      updated_at: new Date().toISOString(),
    });
    await auditField(trx, actor, 'update', id, {
      before: current,
      after: await getField(trx, companyId, id),
    });
  });
  definitionsChanged(ctx, companyId);
  return getField(ctx.db, companyId, id);
}

/** Deletes a field and every value of it (archiving keeps them). */
export async function removeField(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await getField(trx, actor.companyId, id);
    if (!(await deleteField(trx, actor.companyId, id))) throw notFound('Field');
    await auditField(trx, actor, 'delete', id, { before });
  });
  definitionsChanged(ctx, actor.companyId);
}

/** The values records of the kind hold for fields in use, by record id (fields without a value left out). */
export async function customValuesOf(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>(recordIds.map((id) => [id, {}]));
  if (recordIds.length === 0) return out;
  const fields = await activeFields(db, companyId, record);
  if (fields.length === 0) return out;
  const byId = new Map(fields.map((f) => [f.id, f]));
  const rows: ValueRow[] = [];
  for (let i = 0; i < recordIds.length; i += 1000) {
    rows.push(...(await selectValues(db, companyId, record, recordIds.slice(i, i + 1000))));
  }
  for (const [key, group] of groupRows(rows)) {
    const [recordId, fieldId] = key;
    const field = byId.get(fieldId);
    const values = out.get(recordId);
    if (field && values) values[field.key] = readValue(field.type, group);
  }
  return out;
}

/** One value as a CSV cell, the way the import reads it back: a multiple select's options joined by `;`. */
function csvCellOf(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return typeof value === 'number' ? value : String(value);
}

/**
 * The fields in use as columns of a record kind's CSV export: headed by their labels, with a
 * row of cells per record in the same order.
 */
export async function customCsvColumns(db: Database, companyId: number, record: CustomRecord) {
  const fields = await activeFields(db, companyId, record);
  return {
    headers: fields.map((f) => f.label),
    async cells(recordIds: number[]): Promise<Map<number, (string | number | null)[]>> {
      if (fields.length === 0) return new Map();
      const values = await customValuesOf(db, companyId, record, recordIds);
      return new Map(recordIds.map((id) => [id, fields.map((f) => csvCellOf(values.get(id)?.[f.key]))]));
    },
  };
}

function groupRows(rows: ValueRow[]): [[number, number], StoredValue[]][] {
  const groups = new Map<string, [[number, number], StoredValue[]]>();
  for (const r of rows) {
    const k = `${r.record_id}:${r.field_id}`;
    let g = groups.get(k);
    if (!g) {
      g = [[r.record_id, r.field_id], []];
      groups.set(k, g);
    }
    g[1].push(r);
  }
  return [...groups.values()];
}

/** What a write does to a record's values: checked, ready to store after the record's row. */
export interface CustomPlan {
  record: CustomRecord;
  /** `custom.{key}` changes for the timeline and the feed. */
  changes: FieldChange[];
  /** The values written, by key (for a create's feed row). */
  values: Record<string, unknown>;
  fieldIds: number[];
  rows: (StoredValue & { field_id: number })[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks the values a create (`recordId` null: defaults fill fields left out) or an edit sends
 * against the company's fields in use: unknown key, type, required, option known and not
 * hidden (unless already held), people members. Every problem is a 400 naming `custom.{key}`;
 * nothing is written. Answers what changes.
 */
export async function planCustomValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordId: number | null,
  input: Record<string, unknown> | undefined,
): Promise<CustomPlan> {
  const plan: CustomPlan = { record, changes: [], values: {}, fieldIds: [], rows: [] };
  if (recordId !== null && (input === undefined || Object.keys(input).length === 0)) return plan;
  const fields = await activeFields(db, companyId, record);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const problems: Record<string, string[]> = {};
  const wanted = new Map<CustomField, unknown>();
  for (const [key, value] of Object.entries(input ?? {})) {
    const field = byKey.get(key);
    if (!field) problems[`custom.${key}`] = ['unknown_field'];
    else wanted.set(field, value);
  }
  if (recordId === null) {
    for (const f of fields) if (!wanted.has(f) && f.default !== null) wanted.set(f, f.default);
  }
  const held = new Map<number, unknown>();
  if (recordId !== null && wanted.size) {
    const ids = [...wanted.keys()].map((f) => f.id);
    const rows = await selectValues(db, companyId, record, [recordId], ids);
    const types = new Map(fields.map((f) => [f.id, f.type]));
    for (const [[, fieldId], group] of groupRows(rows))
      held.set(fieldId, readValue(types.get(fieldId) ?? 'text', group));
  }
  const people = new Map<number, string>();
  for (const [field, value] of wanted) {
    const before = held.get(field.id) ?? null;
    const checked = checkValue(field, value, before);
    const path = `custom.${field.key}`;
    if ('problem' in checked) {
      problems[path] = [checked.problem];
      continue;
    }
    if (checked.value === null && field.required) {
      problems[path] = ['required'];
      continue;
    }
    if (field.type === 'person' && typeof checked.value === 'number' && !same(before, checked.value))
      people.set(checked.value, path);
    if (same(before, checked.value)) continue;
    plan.changes.push({ field: path, before, after: checked.value });
    plan.values[field.key] = checked.value;
    plan.fieldIds.push(field.id);
    plan.rows.push(...checked.rows.map((r) => ({ ...r, field_id: field.id })));
  }
  if (recordId === null) {
    for (const f of fields)
      if (f.required && !wanted.has(f) && !problems[`custom.${f.key}`])
        problems[`custom.${f.key}`] = ['required'];
  }
  for (const [userId, path] of people)
    if (!(await isMember(db, companyId, userId))) problems[path] = ['not_member'];
  if (Object.keys(problems).length)
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details: problems });
  return plan;
}

/**
 * Stores a plan's values on the record (in the write door's transaction, after the record's
 * row); a new record has no old values to replace.
 */
export async function writeCustomValues(
  db: Database,
  companyId: number,
  recordId: number,
  plan: CustomPlan,
  { fresh = false } = {},
): Promise<void> {
  if (plan.fieldIds.length === 0) return;
  await replaceValues(db, companyId, plan.record, recordId, fresh ? [] : plan.fieldIds, plan.rows);
}

/** Stores the plans of many new records (an import batch) in few statements. */
export async function writeNewCustomValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  plans: { recordId: number; plan: CustomPlan }[],
): Promise<void> {
  await insertValues(
    db,
    companyId,
    record,
    plans.flatMap(({ recordId, plan }) => plan.rows.map((r) => ({ ...r, record_id: recordId }))),
  );
}
