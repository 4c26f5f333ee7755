import type { CustomRecord } from '@kontora/contract/custom-fields';
import { type RawBuilder, sql } from 'kysely';
import { companyGuard } from '../../db/company-guard.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { inList } from '../../db/in-list.ts';
import { pgArray } from '../../db/pg-array.ts';
import {
  patchOwnValues,
  RECORDS,
  recordPatch,
  selectValues,
  type ValueRow,
} from './own-values.repository.ts';
import { anyWord, dayRangeWords, valueWord, WORDS } from './own-words.ts';
import { indexedTo } from './own-words-filler.ts';

/**
 * The reads that start from a value rather than from a record
 * (docs/decisions/127-own-value-words-filled-in-batches.md): the first page of a value few
 * records hold and an option merge's records find candidates in the index of `own_values`
 * (SQLite: the words table, PostgreSQL: GIN by containment), checked against the JSON by the
 * page's own conditions or here; the records holding a field (background work) are walked by id.
 */

/** Where a page may start: the records holding one of `values`, or a day in [`from`, `to`]. */
export interface ValueStart {
  fieldId: number;
  values?: readonly string[];
  from?: string;
  to?: string;
}

/** The start's words on SQLite, undefined when a range has too many of them. */
function startWords({ fieldId, values, from, to }: ValueStart): string[] | undefined {
  if (values) return values.map((v) => valueWord(fieldId, v));
  return dayRangeWords(fieldId, from, to);
}

/**
 * The record at `r` holds the start's value, read from its JSON: how SQLite finds it among the
 * records the words do not hold yet (above the kind's mark, own-words-filler.ts).
 */
function holdsOnRow({ fieldId, values, from, to }: ValueStart): RawBuilder<boolean> {
  const held = sql`json_each(r.own_values, ${`$."${fieldId}"`}) j`;
  if (values)
    return sql<boolean>`exists (select 1 from ${held} where j.type = 'text' and j.value in (${sql.join(values)}))`;
  const day = sql`substr(j.value, 1, 10)`;
  const parts = [sql<boolean>`j.type = 'text'`];
  if (from !== undefined) parts.push(sql<boolean>`${day} >= ${from.slice(0, 10)}`);
  if (to !== undefined) parts.push(sql<boolean>`${day} <= ${to.slice(0, 10)}`);
  return sql<boolean>`exists (select 1 from ${held} where ${sql.join(parts, sql` and `)})`;
}

/** The record at `r` holds a value of any of the fields, read from its JSON. */
const holdsAnyOnRow = (fieldIds: readonly number[]) =>
  sql<boolean>`(${sql.join(
    fieldIds.map((id) => sql`json_type(r.own_values, ${`$."${id}"`}) is not null`),
    sql` or `,
  )})`;

/**
 * The company's records above the kind's mark (not in the words yet) and after `after` that
 * `holds`, in id order: a range of the primary key, each row's JSON read.
 */
async function aboveMark(
  db: Database,
  companyId: number,
  record: CustomRecord,
  holds: RawBuilder<boolean>,
  after: number,
  limit: number,
): Promise<number[]> {
  if (limit <= 0) return [];
  const from = Math.max(after, await indexedTo(db, record));
  const { rows } = await sql<{ id: number }>`select r.id from ${sql.table(RECORDS[record])} r
    where ${companyGuard('r.company_id')} = ${companyId} and r.id > ${from} and r.own_values is not null
      and ${holds} order by r.id limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** What `own_values @> any(…)` asks for any of the values in the field (PostgreSQL, GIN). */
const probes = (fieldId: number, values: readonly string[]) =>
  values.map((v) => JSON.stringify({ [fieldId]: [v] }));

/** The record at `alias` holds any of the values in the field, by containment (PostgreSQL, GIN). */
const containsAny = (alias: string, fieldId: number, values: readonly string[]) =>
  sql<boolean>`${sql.ref(`${alias}.own_values`)} @> any (${pgArray(probes(fieldId, values))}::jsonb[])`;

/** How many of the company's latest records PostgreSQL reads to tell a common value (looksCommon). */
const SAMPLE = 2000;

/**
 * On PostgreSQL, whether more than `cap` of the company's `records` likely hold the start's
 * value, judged by its latest 2,000 records: GIN cannot stop counting at the cap (a value an
 * eighth of a million records hold took 33 ms to list), so a common value is told by a sample
 * and walks. SQLite's words stop at the cap: never there.
 */
export async function looksCommon(
  db: Database,
  companyId: number,
  record: CustomRecord,
  start: ValueStart,
  cap: number,
  records: number,
): Promise<boolean> {
  if (dialectOf(db) !== 'postgres' || !start.values) return false;
  const { rows } = await sql<{ hits: number; seen: number }>`select
      count(*) filter (where ${containsAny('r', start.fieldId, start.values)}) as hits, count(*) as seen
    from (select r.own_values from ${sql.table(RECORDS[record])} r where r.company_id = ${companyId}
      order by r.id desc limit ${SAMPLE}) r`.execute(db);
  const { hits = 0, seen = 0 } = rows[0] ?? {};
  return Number(seen) > 0 && (Number(hits) / Number(seen)) * records >= cap;
}

/**
 * Ids of up to `cap` records that may hold the start's value, in no order; undefined when this
 * engine has no index for it (a range of days on PostgreSQL, a range of too many words).
 */
export async function candidatesUpTo(
  db: Database,
  companyId: number,
  record: CustomRecord,
  start: ValueStart,
  cap: number,
): Promise<number[] | undefined> {
  if (dialectOf(db) === 'postgres') {
    if (!start.values) return undefined;
    const holding = sql.raw(`${RECORDS[record]}_holding`);
    const { rows } = await sql<{ id: number }>`select id from ${holding}(${companyId},
      ${pgArray(probes(start.fieldId, start.values))}::jsonb[], ${cap}) as h(id)`.execute(db);
    return rows.map((r) => r.id);
  }
  const words = startWords(start);
  if (!words) return undefined;
  const table = sql.table(WORDS[record]);
  const { rows } = await sql<{ id: number }>`select rowid as id from ${table}
    where ${table} match ${anyWord(words)} limit ${cap}`.execute(db);
  const indexed = rows.map((r) => r.id);
  return [
    ...indexed,
    ...(await aboveMark(db, companyId, record, holdsOnRow(start), 0, cap - indexed.length)),
  ];
}

/** The record at `alias` is one of `ids` (a start's candidates). */
export function oneOf(db: Database, alias: string, ids: readonly number[]): RawBuilder<boolean> {
  const id = sql.ref(`${alias}.id`);
  if (dialectOf(db) === 'postgres') return sql<boolean>`${id} = any (${pgArray(ids)}::int4[])`;
  return sql<boolean>`${id} in (${sql.join(inList(ids.length ? ids : [0]))})`;
}

/** No cap: every candidate. */
const ALL = 2 ** 31 - 1;

/**
 * The field's values of every record holding the text `value` (an option merge's records), in
 * record and `ord` order: the index's candidates, read and checked a thousand at a time.
 */
export async function valuesOfRecordsHolding(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldId: number,
  value: string,
): Promise<ValueRow[]> {
  const start = { fieldId, values: [value] };
  const ids = ((await candidatesUpTo(db, companyId, record, start, ALL)) ?? []).sort((a, b) => a - b);
  const out: ValueRow[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await selectValues(db, companyId, record, ids.slice(i, i + 1000), [fieldId]);
    const holding = new Set(rows.filter((r) => r.v_text === value).map((r) => r.record_id));
    out.push(...rows.filter((r) => holding.has(r.record_id)));
  }
  return out;
}

/**
 * Ids of the kind's records holding a value of any of the fields, after `after`, in id order: a
 * walk of the records by id on both engines (the words' walk after an archive, a connector's
 * newly mapped field, a purge).
 */
export async function recordIdsWithValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldIds: readonly number[],
  after: number,
  limit: number,
): Promise<number[]> {
  if (fieldIds.length === 0) return [];
  // GIN's `jsonb_path_ops` cannot answer "holds the key", and SQLite keeps no word for it (a word
  // per field held doubled what the fill wrote): only background work asks, and it walks by id.
  // SQLite's guard keeps it on the primary key's range (deals have no (company, id) index).
  const pg = dialectOf(db) === 'postgres';
  const company = pg ? sql.ref('r.company_id') : companyGuard('r.company_id');
  const holds = pg
    ? sql<boolean>`r.own_values ?| ${pgArray(fieldIds.map(String))}::text[]`
    : holdsAnyOnRow(fieldIds);
  const { rows } = await sql<{ id: number }>`select r.id from ${sql.table(RECORDS[record])} r
    where ${company} = ${companyId} and r.id > ${after} and r.own_values is not null
      and ${holds} order by r.id limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Takes a field's values off every record holding any (a purge), 500 records a statement, each
 * its own transaction: a purge cut short finds the rest on its next run.
 */
export async function removeFieldValues(
  db: Database,
  companyId: number,
  record: CustomRecord,
  fieldId: number,
): Promise<void> {
  for (let after = 0; ; ) {
    const ids = await recordIdsWithValues(db, companyId, record, [fieldId], after, 500);
    if (ids.length === 0) return;
    await patchOwnValues(
      db,
      companyId,
      record,
      ids.map((id) => recordPatch(id, [fieldId], [])),
    );
    after = ids.at(-1) ?? after;
  }
}
