import type { CustomRecord } from '@kontora/contract/custom-fields';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { AppError } from '../../lib/errors.ts';
import { selectFields } from './custom-fields.repository.ts';
import { columnOf, filterValue, ORDERED_TYPES } from './custom-values.ts';
import { firstValue, valueExists } from './own-values.repository.ts';
import { candidatesUpTo, looksCommon, oneOf, type ValueStart } from './value-first.repository.ts';

/**
 * A record list's filters and sort on custom fields, from the query parameters
 * `custom.{key}=v` (repeated: any of), `custom.{key}.gte|lte=v`, `custom.{key}.empty=true|false`
 * and `sort=custom.{key}` / `sort=-custom.{key}`, checked against the company's fields in
 * use: another company's key or an archived field is unknown (400).
 */
export interface CustomListPlan {
  /** Conditions on the record at `alias` (all must hold). */
  where(alias: string): RawBuilder<boolean>[];
  sort?: CustomSort | undefined;
  /** The text values and days asked, where a page may start when few hold them (rareValuesStart). */
  starts: ValueStart[];
}

export interface CustomSort {
  /** As the cursor names it: `custom.{key}`. */
  name: string;
  dir: 'asc' | 'desc';
  numeric: boolean;
  /** The record's value of the field (its first option for a multiple select); null sorts last either way. */
  key(alias: string): RawBuilder<string | number | null>;
  /** Rows after (value, id) in the sort's order, nulls last. */
  after(alias: string, value: string | number | null, id: number): RawBuilder<boolean>;
}

const OPS = ['gte', 'lte', 'empty'] as const;

export async function customListPlan(
  db: Database,
  companyId: number,
  record: CustomRecord,
  params: Record<string, unknown>,
  sort: string | undefined,
): Promise<CustomListPlan | undefined> {
  const asked = Object.entries(params).filter(([name]) => name.startsWith('custom.'));
  const sortName = sort?.replace(/^-/, '');
  const sorted = sortName?.startsWith('custom.') ? sortName : undefined;
  if (asked.length === 0 && !sorted) return undefined;
  const fields = (await selectFields(db, companyId, record)).filter((f) => !f.archived);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const problems: Record<string, string[]> = {};
  const conditions: ((alias: string) => RawBuilder<boolean>)[] = [];
  const asks = new Map<
    string,
    { eq?: (string | number)[]; gte?: string | number; lte?: string | number; empty?: boolean }
  >();
  for (const [name, raw] of asked) {
    const [key = '', op, ...rest] = name.slice('custom.'.length).split('.');
    const field = byKey.get(key);
    if (rest.length || (op !== undefined && !(OPS as readonly string[]).includes(op))) {
      problems[name] = ['unknown_filter'];
      continue;
    }
    if (!field) {
      problems[`custom.${key}`] = ['unknown_field'];
      continue;
    }
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    const ask = asks.get(key) ?? {};
    asks.set(key, ask);
    if (op === 'empty') {
      const v = values.at(-1);
      if (v !== 'true' && v !== 'false') problems[name] = ['invalid_value'];
      else ask.empty = v === 'true';
      continue;
    }
    if (op && !ORDERED_TYPES.includes(field.type as never)) {
      problems[name] = ['not_comparable'];
      continue;
    }
    const parsed = values.map((v) => filterValue(field.type as never, v));
    if (parsed.some((v) => v === undefined)) {
      problems[name] = ['invalid_value'];
      continue;
    }
    const ok = parsed as (string | number)[];
    if (op === 'gte' || op === 'lte') ask[op] = ok.at(-1);
    else ask.eq = [...(ask.eq ?? []), ...ok];
  }
  const starts: ValueStart[] = [];
  for (const [key, ask] of asks) {
    const field = byKey.get(key);
    if (!field) continue;
    const name = columnOf(field.type as never);
    const column = sql.ref(`v.${name}`);
    if (ask.empty !== undefined) {
      const exists = (alias: string) => valueExists(db, field.id, alias, null);
      conditions.push(ask.empty ? (a) => sql<boolean>`not ${exists(a)}` : exists);
    }
    // Each walked row's probe reads the values on its row, where no index can be chosen instead:
    // a text value or a range of days starts the page from the value index only through
    // rareValuesStart, which counts the holders first.
    const parts: RawBuilder<boolean>[] = [];
    if (ask.eq) parts.push(sql<boolean>`${column} in (${sql.join(ask.eq)})`);
    if (ask.gte !== undefined) parts.push(sql<boolean>`${column} >= ${ask.gte}`);
    if (ask.lte !== undefined) parts.push(sql<boolean>`${column} <= ${ask.lte}`);
    if (parts.length) {
      const condition = sql<boolean>`${sql.join(parts, sql` and `)}`;
      conditions.push((alias) => valueExists(db, field.id, alias, condition));
    }
    if (name !== 'v_text' || !parts.length) continue;
    if (ask.eq) starts.push({ fieldId: field.id, values: ask.eq.map(String) });
    else
      starts.push({
        fieldId: field.id,
        from: ask.gte as string | undefined,
        to: ask.lte as string | undefined,
      });
  }
  let customSort: CustomSort | undefined;
  if (sorted) {
    const field = byKey.get(sorted.slice('custom.'.length));
    if (!field) problems.sort = ['unknown_field'];
    else {
      const column = columnOf(field.type as never);
      const dir = sort?.startsWith('-') ? 'desc' : 'asc';
      const key = (alias: string) => firstValue(db, field.id, alias, column === 'v_long' ? 'v_text' : column);
      const cmp = sql.raw(dir === 'asc' ? '>' : '<');
      customSort = {
        name: sorted,
        dir,
        numeric: column === 'v_num',
        key,
        after: (alias, value, id) => {
          const k = key(alias);
          const idRef = sql.ref(`${alias}.id`);
          return value === null
            ? sql<boolean>`(${k} is null and ${idRef} ${cmp} ${id})`
            : sql<boolean>`(${k} ${cmp} ${value} or (${k} = ${value} and ${idRef} ${cmp} ${id}) or ${k} is null)`;
        },
      };
    }
  }
  if (Object.keys(problems).length)
    throw new AppError(400, 'validation_failed', 'Some filters are invalid.', { details: problems });
  return { where: (alias) => conditions.map((c) => c(alias)), sort: customSort, starts };
}

/**
 * A page of `query` (records at `alias`) in the custom sort's order, after `after`, each row
 * with its sort value as `custom_sort` (what the next cursor carries).
 */
export function customSortedPage<O>(
  // biome-ignore lint/suspicious/noExplicitAny: any record list (customers, deals) with its joins
  query: SelectQueryBuilder<any, any, O>,
  sort: CustomSort,
  alias: string,
  after: { value: string | number | null; id: number } | undefined,
  limit: number,
): Promise<(O & { custom_sort: string | number | null })[]> {
  const key = sort.key(alias);
  let sorted = query.select(key.as('custom_sort'));
  if (after) sorted = sorted.where(sort.after(alias, after.value, after.id));
  return sorted
    .orderBy(sql`${key} is null`)
    .orderBy(key, sort.dir)
    .orderBy(`${alias}.id`, sort.dir)
    .limit(limit)
    .execute() as Promise<(O & { custom_sort: string | number | null })[]>;
}

/**
 * Where a page filtered by own values may start from the values: a condition on the record at
 * `alias` (its id among the holders of the rarest value asked) when fewer records hold it than
 * make the walk of the list's order cheaper, else undefined (walk). Neither engine turns the
 * per-row probe of the JSON into a start from an index, so without this a value held by a few
 * records had the walk read the whole company. A walk reads about `limit × records / holders`
 * rows, one probe each; a start reads every holder, its record and a sort, about ten times a
 * probe each (measured at a million, decision 100): they cost the same near
 * `sqrt(limit × records / 10)` holders (1,600 of a million for a page of 25), looked up in the
 * value index up to that many (PostgreSQL first tells a common value by a sample, looksCommon).
 * The holders are candidates: the page's conditions check each against its values. The caller
 * guards its company condition (companyGuard) and orders by `heldOrder`, so that SQLite reads
 * the holders by id rather than walk the company or the order. Customers and deals size it by
 * their kept counts.
 */
export async function rareValuesStart(
  db: Database,
  companyId: number,
  record: CustomRecord,
  plan: CustomListPlan,
  limit: number,
  records: () => Promise<number>,
): Promise<((alias: string) => RawBuilder<boolean>) | undefined> {
  if (plan.starts.length === 0) return undefined;
  const total = await records();
  const cap = Math.ceil(Math.sqrt((limit * total) / 10));
  let rarest: number[] | undefined;
  for (const start of plan.starts) {
    if (await looksCommon(db, companyId, record, start, cap, total)) continue;
    const ids = await candidatesUpTo(db, companyId, record, start, cap);
    if (ids && ids.length < cap && (!rarest || ids.length < rarest.length)) rarest = ids;
  }
  if (!rarest) return undefined;
  const ids = rarest;
  return (alias) => oneOf(db, alias, ids);
}

/**
 * The list's sort key when the page starts from the holders (rareValuesStart): on SQLite `+`
 * keeps it from walking the sort's index and testing each row against the holders; it sorts
 * them instead. PostgreSQL's planner weighs the two itself.
 */
export function heldOrder(db: Database, key: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? key : sql`+${key}`;
}
