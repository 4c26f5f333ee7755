import type { DuplicateRule } from '@kontora/contract/customer-duplicates';
import { sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { hiddenImports, visibleCondition, visibleSql } from '../customer-visibility.ts';
import { RULE_COLUMN } from './customer-duplicates.repository.ts';

const SCAN = ['id', 'state', 'progress', 'group_count', 'job_id', 'started_at', 'finished_at'] as const;

export function latestScan(db: Database, companyId: number) {
  return db
    .selectFrom('customer_duplicate_scans')
    .select(SCAN)
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertScan(
  db: Database,
  companyId: number,
  by: number | null,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto('customer_duplicate_scans')
    .values({ company_id: companyId, state: 'running', started_by: by, started_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateScan(
  db: Database,
  companyId: number,
  id: number,
  patch: {
    state?: 'running' | 'completed' | 'failed';
    progress?: number;
    group_count?: number;
    job_id?: string;
    finished_at?: string;
  },
): Promise<void> {
  await db
    .updateTable('customer_duplicate_scans')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Earlier scans of the company (their groups go with them). */
export async function deleteScansBefore(db: Database, companyId: number, id: number): Promise<void> {
  await db
    .deleteFrom('customer_duplicate_groups')
    .where('company_id', '=', companyId)
    .where('scan_id', '<', id)
    .execute();
  await db
    .deleteFrom('customer_duplicate_scans')
    .where('company_id', '=', companyId)
    .where('id', '<', id)
    .execute();
}

export async function deleteGroupsOf(db: Database, companyId: number, scanId: number): Promise<void> {
  await db
    .deleteFrom('customer_duplicate_groups')
    .where('company_id', '=', companyId)
    .where('scan_id', '=', scanId)
    .execute();
}

/**
 * Keys shared by more than one customer, the largest groups first: one GROUP BY over the rule's
 * index (company first, partial on a present key), never a comparison of pairs.
 */
export async function sharedKeys(
  db: Database,
  companyId: number,
  rule: DuplicateRule,
  limit: number,
): Promise<{ key: string; town: string | null; n: number }[]> {
  const column = sql.ref(RULE_COLUMN[rule]);
  const town = rule === 'name' ? sql.ref('town_key') : sql`null`;
  const groupBy = rule === 'name' ? sql`${column}, ${town}` : column;
  const hidden = await hiddenImports(db, companyId);
  const result = await sql<{ key: string; town: string | null; n: number }>`
    select ${column} as key, ${town} as town, count(*) as n from customers
    where company_id = ${companyId} and ${column} is not null ${visibleSql(null, hidden)}
    group by ${groupBy} having count(*) > 1
    order by count(*) desc, ${column} limit ${limit}`.execute(db);
  return result.rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Ids sharing one key, lowest first. */
export async function idsWithKey(
  db: Database,
  companyId: number,
  rule: DuplicateRule,
  key: string,
  town: string | null,
  limit: number,
): Promise<number[]> {
  const hidden = await hiddenImports(db, companyId);
  let query = db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .where(RULE_COLUMN[rule], '=', key);
  if (hidden.length) query = query.where(visibleCondition(null, hidden));
  if (rule === 'name') query = query.where('town_key', town === null ? 'is' : '=', town);
  return (await query.orderBy('id').limit(limit).execute()).map((r) => r.id);
}

export async function insertGroups(
  db: Database,
  rows: { company_id: number; scan_id: number; rule: DuplicateRule; size: number; customer_ids: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('customer_duplicate_groups')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export function groupsPage(
  db: Database,
  companyId: number,
  scanId: number,
  rule: DuplicateRule | undefined,
  offset: number,
  limit: number,
) {
  let query = db
    .selectFrom('customer_duplicate_groups')
    .select(['id', 'rule', 'size', 'customer_ids'])
    .where('scan_id', '=', scanId)
    .where('company_id', '=', companyId);
  if (rule) query = query.where('rule', '=', rule);
  return query.orderBy('id').offset(offset).limit(limit).execute();
}

/** Every group of the scan with one of these member lists (ids in order, as stored): its rule and id. */
export function groupsWithMembers(db: Database, companyId: number, scanId: number, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_duplicate_groups')
    .select(['id', 'rule', 'customer_ids'])
    .where('scan_id', '=', scanId)
    .where('company_id', '=', companyId)
    .where('customer_ids', 'in', customerIds)
    .orderBy('id')
    .execute();
}

/** How many different member lists the scan found (customers matched by several rules count once). */
export async function distinctGroupCount(db: Database, companyId: number, scanId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_duplicate_groups')
    .select((eb) => eb.fn.count<number>('customer_ids').distinct().as('n'))
    .where('scan_id', '=', scanId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
