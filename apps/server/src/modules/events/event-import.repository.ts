import type { Database } from '../../db/database.ts';
import { baseDeals, hiddenDeals, shownDeals } from '../deals/deals.service.ts';
import type { NewEvent } from './events.repository.ts';

/**
 * Reads and writes of the to-do CSV import (event-import.service.ts, event-writes-imported.ts):
 * customers and deals looked up by what a file names them with, and an import batch's to-dos
 * in multi-row inserts. Every read is the company's own.
 */

const CHUNK = 1000;

/** 500 to-dos × 26 columns stays far below either database's limit of parameters. */
const TODOS_PER_STATEMENT = 500;

/** New to-dos; answers their ids in the rows' order. */
export async function insertTodoRows(db: Database, rows: readonly NewEvent[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += TODOS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + TODOS_PER_STATEMENT);
    const inserted = await db.insertInto('events').values(chunk).returning('id').execute();
    // Identity values are taken in row order within a statement, so ascending ids are the rows' order.
    ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** `values` → the ids of the company's rows whose `key` (compared by `fold`) is one of them, oldest first. */
async function idsBy(
  values: readonly string[],
  read: (part: string[]) => Promise<{ id: number; key: string | null }[]>,
  fold: (key: string) => string = (key) => key,
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < values.length; i += CHUNK) {
    for (const r of await read(values.slice(i, i + CHUNK))) {
      if (r.key === null) continue;
      const key = fold(r.key);
      out.set(key, [...(out.get(key) ?? []), r.id]);
    }
  }
  return out;
}

/** A customer cell's key: an email folded, else the exact name. */
export const customerEntryKey = (entry: string) => (entry.includes('@') ? entry.toLowerCase() : entry);

/**
 * The company's customers (of any type) with these emails (compared without case) or, for the
 * entries that are not emails, these exact names: entry key (`customerEntryKey`) → ids.
 */
export async function customerIdsByEntry(
  db: Database,
  companyId: number,
  entries: readonly string[],
): Promise<Map<string, number[]>> {
  const emails = [...new Set(entries.filter((e) => e.includes('@')).map((e) => e.toLowerCase()))];
  const names = [...new Set(entries.filter((e) => !e.includes('@')))];
  const customers = db.selectFrom('customers').where('company_id', '=', companyId).orderBy('id');
  const byEmail = await idsBy(
    emails,
    (part) =>
      customers
        .select(['id', 'email as key'])
        .where((eb) => eb.fn('lower', ['email']), 'in', part)
        .execute(),
    (key) => key.toLowerCase(),
  );
  const byName = await idsBy(names, (part) =>
    customers.select(['id', 'name as key']).where('name', 'in', part).execute(),
  );
  return new Map([...byEmail, ...byName]);
}

/** The company's deals of these exact titles: title → ids (more than one: ambiguous). */
export async function dealIdsByTitle(
  db: Database,
  companyId: number,
  titles: readonly string[],
): Promise<Map<string, number[]>> {
  const hidden = await hiddenDeals(db, companyId);
  return idsBy([...new Set(titles)], (part) =>
    shownDeals(baseDeals(db), hidden)
      .select(['d.id', 'd.title as key'])
      .where('d.company_id', '=', companyId)
      .where('d.title', 'in', part)
      .orderBy('d.id')
      .execute(),
  );
}

/** Which of these ids are the company's rows of `table` (customers or deals). */
export async function existingIds(
  db: Database,
  table: 'customers' | 'deals',
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.add(Number(r.id));
  }
  return found;
}
