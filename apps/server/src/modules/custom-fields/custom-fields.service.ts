import type { FieldChange } from '@kontora/contract/change-feed';
import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldType,
  type CustomFieldUpdateBody,
  type CustomRecord,
} from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { companyCurrency } from '../../lib/company-currency.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import type { SearchedValue } from '../../lib/search-words.ts';
import { isMember, memberIdsByEmail } from '../members/members.service.ts';
import { insertField, keyHolder, selectFields, updateField } from './custom-fields.repository.ts';
import type { OwnImportFields } from './custom-import.ts';
import {
  insertKeptValues,
  type KeptValue,
  type KeptValues,
  planMergedValues,
  planRestoredValues,
} from './custom-merge.ts';
import { checkValue, readValue, type StoredValue } from './custom-values.ts';
import { auditField, definitionsChanged, getField, toField, tooMany } from './field-definition.ts';
import { queueFieldSearchRefresh, searchedValuesOfNew } from './field-search-refresh.ts';
import {
  replaceValues,
  selectValues,
  type ValueRow,
  valuesAggregate,
  valuesInUse,
} from './own-values.repository.ts';
import { packedText } from './own-values-json.ts';

export {
  multiLineTargets,
  type OwnImportFields,
  ownMappingTargets,
  ownTarget,
  readOwnCells,
} from './custom-import.ts';
export {
  type CustomListPlan,
  type CustomSort,
  customListPlan,
  customSortedPage,
  heldOrder,
  rareValuesStart,
} from './custom-list-plan.ts';
export { type KeptValues, keptValues } from './custom-merge.ts';
export {
  finishOptionMerge,
  type OptionMergeChange,
  type OptionMergePlan,
  optionsMerged,
  planOptionMerge,
  writeMergedValues,
} from './custom-option-merge.ts';
/** A value's check for a field (what a write would refuse), for callers that convert values first (connectors). */
export { checkValue } from './custom-values.ts';
export {
  forEachRecordOfField,
  refreshFieldSearchJob,
  searchedValuesOf,
} from './field-search-refresh.ts';
export { recordIdsWithValues } from './value-first.repository.ts';

/**
 * Fields of a company's own (docs/decisions/061-custom-field-values.md): the definitions,
 * managed by owners and admins, and the values' checks, reads and writes. The customers'
 * and deals' write doors call `planCustomValues` / `writeCustomValues` inside their
 * transactions, so values change with the record, its version, timeline and feed row.
 */

/** Every field of the record kind, archived ones too, in order. */
export async function listFields(
  db: Database,
  companyId: number,
  record: CustomRecord,
): Promise<CustomField[]> {
  return (await selectFields(db, companyId, record)).map(toField);
}

/** A field of the company (archived too, not deleted); 404 otherwise. */
export { getField };

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
    const holder = await keyHolder(trx, companyId, body.record, body.key);
    if (holder === 'field')
      throw invalidField('key', 'taken', 'Another field of this record kind has this key.');
    // Reserved while the deleted field can come back (docs/decisions/076-field-deletion-merge-and-bulk.md): a restore never meets a twin.
    if (holder === 'deleted')
      throw invalidField(
        'key',
        'deleted_restorable',
        'A deleted field has this key; restore it, or choose another key.',
      );
    const at = new Date().toISOString();
    const newId = await insertField(trx, {
      company_id: companyId,
      record: body.record,
      key: body.key,
      label: body.label,
      labels: JSON.stringify(body.labels),
      type: body.type,
      help: body.help ?? null,
      section: body.section ?? null,
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
      ...(body.section !== undefined ? { section: body.section } : {}),
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
    // Archived values leave the search, restored ones come back (decision 084).
    if (body.archived !== undefined && body.archived !== current.archived)
      await queueFieldSearchRefresh(ctx, trx, companyId, current);
  });
  definitionsChanged(ctx, companyId);
  return getField(ctx.db, companyId, id);
}

/** The values records of the kind hold for fields in use, by record id (fields without a value left out). */
export async function customValuesOf(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordIds: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>(recordIds.map((id) => [id, {}]));
  for (let i = 0; i < recordIds.length; i += 1000)
    for (const [id, values] of await valuesInUse(db, companyId, record, recordIds.slice(i, i + 1000)))
      out.set(id, values);
  return out;
}

/**
 * A record's values of fields in use read in the statement that reads the record (one column
 * more, no statement of their own): select `customValuesColumn(db, alias)` and give
 * what it answers to `customValuesFromColumn`.
 */
export function customValuesColumn(db: Database, alias: string) {
  return valuesAggregate(db, alias);
}

/** The values (`custom` of the record's answer) from the column `customValuesColumn` selected. */
export function customValuesFromColumn(column: unknown): Record<string, unknown> {
  // PostgreSQL's json arrives parsed, SQLite's as text.
  const items = typeof column === 'string' ? parseJson(column) : column;
  const out: Record<string, unknown> = {};
  if (!Array.isArray(items)) return out;
  const byKey = new Map<string, { type: CustomFieldType; rows: StoredValue[] }>();
  for (const [key, type, v_text, v_num, v_long] of items as [
    string,
    CustomFieldType,
    string | null,
    number | null,
    string | null,
  ][]) {
    let group = byKey.get(key);
    if (!group) {
      group = { type, rows: [] };
      byKey.set(key, group);
    }
    group.rows.push({ ord: group.rows.length, v_text, v_num: v_num === null ? null : Number(v_num), v_long });
  }
  for (const [key, { type, rows }] of byKey) out[key] = readValue(type, rows);
  return out;
}

/**
 * One value as a CSV cell, the way the import reads it back (custom-import.ts): a multiple
 * select's options joined by `;`, a person by the member's email, a number never with exactly
 * three decimals (`2.125` would read as two thousand in a company whose currency groups with
 * `.`: it is written `2.1250`).
 */
function csvCellOf(
  field: CustomField,
  value: unknown,
  emails: ReadonlyMap<number, string>,
): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (field.type === 'person' && typeof value === 'number') return emails.get(value) ?? value;
  if (typeof value === 'number') return plainNumber(value);
  return String(value);
}

function plainNumber(n: number): string {
  let text = String(n);
  if (/e/i.test(text)) text = n.toFixed(20).replace(/\.?0+$/, '');
  return /\.\d{3}$/.test(text) ? `${text}0` : text;
}

/**
 * The fields in use as columns of a record kind's CSV export: headed by their labels, with a
 * row of cells per record in the same order.
 */
export async function customCsvColumns(db: Database, companyId: number, record: CustomRecord) {
  const fields = await activeFields(db, companyId, record);
  const emails = fields.some((f) => f.type === 'person')
    ? new Map([...(await memberIdsByEmail(db, companyId))].map(([email, id]) => [id, email]))
    : new Map<number, string>();
  return {
    headers: fields.map((f) => f.label),
    async cells(recordIds: number[]): Promise<Map<number, (string | number | null)[]>> {
      if (fields.length === 0) return new Map();
      const values = await customValuesOf(db, companyId, record, recordIds);
      return new Map(
        recordIds.map((id) => [id, fields.map((f) => csvCellOf(f, values.get(id)?.[f.key], emails))]),
      );
    },
  };
}

function groupRows<R extends ValueRow>(rows: R[]): [[number, number], R[]][] {
  const groups = new Map<string, [[number, number], R[]]>();
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
  /**
   * A new record's searched own values as `searchedValuesOf` reads them back once stored, so
   * its write door makes its search words with the row instead of reading and rewriting
   * them after (decision 094); absent for an edit.
   */
  searched?: SearchedValue[];
}

/** Two values alike (an array compared by its items); a scalar without serialising. */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** A plan and what is wrong with it: `custom.{key}` → codes, and people to check as members. */
export interface CheckedValues {
  plan: CustomPlan;
  problems: Record<string, string[]>;
  /** Member ids newly set on person fields → the value's path (the caller checks membership). */
  people: Map<number, string>;
}

/**
 * The checks of a record's values against the fields in use, without the database: unknown
 * key, type, required, option known and not hidden (unless already held). `held` is the
 * record's values before (by key); null for a new record, where defaults fill fields left
 * out. Every write (the API's, an import's rows, a merge) goes through these same checks.
 */
export function checkValues(
  fields: readonly CustomField[],
  record: CustomRecord,
  input: Record<string, unknown> | undefined,
  held: Record<string, unknown> | null,
): CheckedValues {
  const plan: CustomPlan = { record, changes: [], values: {}, fieldIds: [], rows: [] };
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const problems: Record<string, string[]> = {};
  const people = new Map<number, string>();
  const wanted = new Map<CustomField, unknown>();
  for (const [key, value] of Object.entries(input ?? {})) {
    const field = byKey.get(key);
    if (!field) problems[`custom.${key}`] = ['unknown_field'];
    else wanted.set(field, value);
  }
  if (held === null) {
    for (const f of fields) if (!wanted.has(f) && f.default !== null) wanted.set(f, f.default);
  }
  for (const [field, value] of wanted) {
    const before = held?.[field.key] ?? null;
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
  if (held === null) {
    for (const f of fields)
      if (f.required && !wanted.has(f) && !problems[`custom.${f.key}`])
        problems[`custom.${f.key}`] = ['required'];
    plan.searched = searchedValuesOfNew(fields, plan.rows);
  }
  return { plan, problems, people };
}

/**
 * Checks the values a create (`recordId` null: defaults fill fields left out) or an edit sends
 * against the company's fields in use (checkValues) and that people are members. Every problem
 * is a 400 naming `custom.{key}`; nothing is written. Answers what changes.
 */
export async function planCustomValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordId: number | null,
  input: Record<string, unknown> | undefined,
): Promise<CustomPlan> {
  if (recordId !== null && (input === undefined || Object.keys(input).length === 0))
    return { record, changes: [], values: {}, fieldIds: [], rows: [] };
  const fields = await activeFields(db, companyId, record);
  let held: Record<string, unknown> | null = null;
  if (recordId !== null) {
    const keys = new Set(Object.keys(input ?? {}));
    const ids = fields.filter((f) => keys.has(f.key)).map((f) => f.id);
    held = heldValues(fields, await selectValues(db, companyId, record, [recordId], ids));
  }
  return acceptedPlan(checkValues(fields, record, input, held), (userId) => isMember(db, companyId, userId));
}

/**
 * The plan of checked values once the people they name are members (`isMember` may answer from
 * a cache of the caller's); every problem is a 400 naming `custom.{key}`.
 */
export async function acceptedPlan(
  { plan, problems, people }: CheckedValues,
  isMember: (userId: number) => Promise<boolean>,
): Promise<CustomPlan> {
  for (const [userId, path] of people) if (!(await isMember(userId))) problems[path] = ['not_member'];
  if (Object.keys(problems).length)
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details: problems });
  return plan;
}

/** One record's stored rows as its values by key (fields not given left out). */
function heldValues(fields: readonly CustomField[], rows: ValueRow[]): Record<string, unknown> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const out: Record<string, unknown> = {};
  for (const [[, fieldId], group] of groupRows(rows)) {
    const field = byId.get(fieldId);
    if (field) out[field.key] = readValue(field.type, group);
  }
  return out;
}

/**
 * Stores a plan's values on an existing record (in the write door's transaction, after the
 * record's row). A new record's row is inserted with them (`ownValuesOfNew`).
 */
export async function writeCustomValues(
  db: Database,
  companyId: number,
  recordId: number,
  plan: CustomPlan,
): Promise<void> {
  if (plan.fieldIds.length === 0) return;
  await replaceValues(db, companyId, plan.record, recordId, plan.fieldIds, plan.rows);
}

/**
 * A new record's `own_values`, inserted with its row (docs/decisions/126-own-values-packed-on-the-row.md):
 * a create or an import writes its values with nothing more.
 */
export const ownValuesOfNew = (plan: CustomPlan | undefined): string | null => packedText(plan?.rows ?? []);

/** What an import of the record kind reads own-field cells with (custom-import.ts). */
export async function ownImportFields(
  db: Database,
  companyId: number,
  record: CustomRecord,
  members: ReadonlyMap<string, number>,
): Promise<OwnImportFields> {
  return {
    fields: await activeFields(db, companyId, record),
    currency: await companyCurrency(db, companyId),
    members,
  };
}

/**
 * The survivor's own values after a merge (custom-merge.ts): per field in use, the record chosen
 * in `choices` (key → record id), else the survivor's, else the first merged record's value.
 */
export async function mergedValuesPlan(
  db: Database,
  companyId: number,
  record: CustomRecord,
  kept: KeptValues,
  merge: { survivorId: number; mergedIds: readonly number[]; choices: Readonly<Record<string, number>> },
): Promise<CustomPlan> {
  const fields = await activeFields(db, companyId, record);
  return planMergedValues(fields, record, kept, merge.survivorId, merge.mergedIds, merge.choices);
}

/** A plan putting a record's values back as a merge's snapshot kept them (its undo). */
export async function restoredValuesPlan(
  db: Database,
  companyId: number,
  record: CustomRecord,
  recordId: number,
  kept: KeptValue[],
): Promise<CustomPlan> {
  const fields = await listFields(db, companyId, record);
  return planRestoredValues(db, companyId, fields, record, recordId, kept);
}

/** Puts the values of records a merge's undo brings back as the snapshot kept them. */
export async function restoreKeptValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  kept: KeptValues,
): Promise<void> {
  await insertKeptValues(db, companyId, await listFields(db, companyId, record), record, kept);
}
