import { type Insertable, sql, type Updateable } from 'kysely';
import { companyGuard } from '../../db/company-guard.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { DealActivitiesTable, DealsTable } from '../../db/schema.ts';
import { hiddenImportsOf, visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { customValuesColumn, customValuesFromColumn } from '../custom-fields/custom-fields.service.ts';
import type { StageRow } from './pipelines.repository.ts';

export type NewDealRow = Insertable<DealsTable>;
export type DealPatch = Updateable<DealsTable>;
export type NewDealActivity = Insertable<DealActivitiesTable>;

/** Deals, to filter; `withDealColumns` adds what their answer shows. */
export function baseDeals(db: Database) {
  return db.selectFrom('deals as d');
}

/**
 * The company's deal imports under way on SQLite, whose deals every read leaves out until their
 * flip (lib/csv-import/import-visibility.ts, docs/decisions/104-deal-todo-imports-behind-a-switch.md).
 */
export function hiddenDeals(db: Database, companyId: number): Promise<number[]> {
  return hiddenImportsOf(db, companyId, ['deals']);
}

/** Deals (`d`) left at those reads may show: the query unchanged when no import is hidden. */
export function shownDeals(query: ReturnType<typeof baseDeals>, hidden: readonly number[]) {
  return visibleOnly(query, 'd', hidden);
}

/**
 * What a deal's answer shows beside its own columns (owner, organisation, stage). Every deal
 * has its stage (a foreign key), so the stage is a left join: the deals, found first, bring
 * their stage. An inner join let PostgreSQL start from the stages table, whose statistics
 * nobody keeps (a few rows, never autovacuum's threshold): with none it took the company's
 * stages for one row and probed every stage against every holder of a value (1.6 s at
 * 200,000 deals, against 0.3 ms; decision 106).
 */
export function withDealColumns(query: ReturnType<typeof baseDeals>) {
  return query
    .leftJoin('customers as o', (j) =>
      j.onRef('o.id', '=', 'd.organisation_id').onRef('o.company_id', '=', 'd.company_id'),
    )
    .leftJoin('pipeline_stages as s', (j) =>
      j.onRef('s.id', '=', 'd.stage_id').onRef('s.company_id', '=', 'd.company_id'),
    )
    .leftJoin('users as u', 'u.id', 'd.owner_id')
    .select([
      'd.id',
      'd.company_id',
      'd.pipeline_id',
      'd.stage_id',
      'd.title',
      'd.sort_title',
      'd.amount_cents',
      'd.currency',
      'd.status',
      'd.probability',
      'd.expected_close_date',
      'd.owner_id',
      'd.organisation_id',
      'd.lost_reason',
      'd.closed_at',
      'd.stage_entered_at',
      'd.position',
      'd.tags',
      'd.notes',
      'd.version',
      'd.created_by',
      'd.updated_by',
      'd.created_at',
      'd.updated_at',
      (eb) => eb.ref('s.probability').$notNull().as('stage_probability'),
      's.rotting_days',
      'u.full_name as owner_name',
      'o.name as organisation_name',
    ]);
}

export const selectDeals = (db: Database) => withDealColumns(baseDeals(db));
export type DealRow = Awaited<ReturnType<ReturnType<typeof selectDeals>['executeTakeFirstOrThrow']>>;
/** A deal's row with its people's ids (ascending). */
export type DealRowWithPeople = DealRow & { customer_ids: number[] };
/** A deal's row with its people and its values of the company's own fields (`custom` of its answer). */
export type DealRowWithValues = DealRowWithPeople & { custom: Record<string, unknown> };

/** The deal's people as one text (ids joined by commas, null for none), read with the deal's row. */
function peopleText(db: Database) {
  return dialectOf(db) === 'postgres'
    ? sql<
        string | null
      >`(select string_agg(dc.customer_id::text, ',') from deal_customers dc where dc.company_id = d.company_id and dc.deal_id = d.id)`
    : sql<
        string | null
      >`(select group_concat(dc.customer_id) from deal_customers dc where dc.company_id = d.company_id and dc.deal_id = d.id)`;
}

/** Deals (filtered as `query` says) with their answer's columns and their people, in one statement. */
export async function dealRowsWithPeople(
  db: Database,
  query: ReturnType<typeof baseDeals>,
): Promise<DealRowWithPeople[]> {
  const rows = await withDealColumns(query).select(peopleText(db).as('people')).execute();
  // Added to each row as read (no copy of its thirty columns); `people` stays unread beside it.
  return rows.map((row) => Object.assign(row, { customer_ids: peopleIds(row.people) }));
}

/** As `dealRowsWithPeople`, each deal also with its own-field values, still in one statement. */
export async function dealRowsWithValues(
  db: Database,
  query: ReturnType<typeof baseDeals>,
): Promise<DealRowWithValues[]> {
  const rows = await withDealColumns(query)
    .select(peopleText(db).as('people'))
    .select(customValuesColumn(db, 'd').as('custom_values'))
    .execute();
  return rows.map((row) =>
    Object.assign(row, {
      customer_ids: peopleIds(row.people),
      custom: customValuesFromColumn(row.custom_values),
    }),
  );
}

const peopleIds = (text: string | null) =>
  text
    ? text
        .split(',')
        .map(Number)
        .sort((a, b) => a - b)
    : [];

/**
 * One deal of the company with its people, its own-field values and the stages of its
 * pipeline (in order), in one statement: a row per stage, the deal's columns repeated on
 * each. For a write that checks the stage it goes to, which is one of its pipeline's, and
 * answers the deal without reading it again.
 */
export async function findDealWithStages(
  db: Database,
  companyId: number,
  id: number,
): Promise<{ row: DealRowWithValues; stages: StageRow[] } | undefined> {
  const hidden = await hiddenDeals(db, companyId);
  const rows = await withDealColumns(dealsByIds(db, companyId, [id], hidden))
    .innerJoin('pipeline_stages as ps', (j) =>
      j.onRef('ps.pipeline_id', '=', 'd.pipeline_id').onRef('ps.company_id', '=', 'd.company_id'),
    )
    .select(peopleText(db).as('people'))
    .select(customValuesColumn(db, 'd').as('custom_values'))
    .select([
      'ps.id as ps_id',
      'ps.name as ps_name',
      'ps.kind as ps_kind',
      'ps.probability as ps_probability',
      'ps.rotting_days as ps_rotting_days',
      'ps.position as ps_position',
    ])
    .orderBy('ps.position')
    .orderBy('ps.id')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  return {
    row: Object.assign(first, {
      customer_ids: peopleIds(first.people),
      custom: customValuesFromColumn(first.custom_values),
    }),
    stages: rows.map((r) => ({
      id: r.ps_id,
      company_id: companyId,
      pipeline_id: r.pipeline_id,
      name: r.ps_name,
      kind: r.ps_kind,
      probability: r.ps_probability,
      rotting_days: r.ps_rotting_days,
      position: r.ps_position,
    })),
  };
}

/**
 * Deals of the company by id. The company is compared through `+d.company_id`, which no index
 * serves, so SQLite looks the ids up by primary key instead of reading every deal of the
 * company through an index that leads with company_id (a million rows for a page of ids).
 */
export function dealsByIds(db: Database, companyId: number, ids: number[], hidden: readonly number[]) {
  return shownDeals(
    baseDeals(db).where(sql<boolean>`+d.company_id = ${companyId}`).where('d.id', 'in', ids),
    hidden,
  );
}

export async function findDealRow(db: Database, companyId: number, id: number): Promise<DealRow | undefined> {
  const hidden = await hiddenDeals(db, companyId);
  return withDealColumns(dealsByIds(db, companyId, [id], hidden)).executeTakeFirst();
}

/** The company's deals with these ids, each with its people. */
export async function findDealRows(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<DealRowWithPeople[]> {
  if (ids.length === 0) return [];
  return dealRowsWithPeople(db, dealsByIds(db, companyId, ids, await hiddenDeals(db, companyId)));
}

/** The company's deal with this id, with its people and own-field values (one statement). */
export async function findDealWithValues(
  db: Database,
  companyId: number,
  id: number,
): Promise<DealRowWithValues | undefined> {
  const hidden = await hiddenDeals(db, companyId);
  return (await dealRowsWithValues(db, dealsByIds(db, companyId, [id], hidden)))[0];
}

/** The people of each deal, by deal id (deals without people are absent). */
export async function customerIdsOf(
  db: Database,
  companyId: number,
  dealIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < dealIds.length; i += 1000) {
    const rows = await db
      .selectFrom('deal_customers')
      .select(['deal_id', 'customer_id'])
      .where('company_id', '=', companyId)
      .where('deal_id', 'in', dealIds.slice(i, i + 1000))
      .orderBy('deal_id')
      .orderBy('customer_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.deal_id) ?? [];
      list.push(r.customer_id);
      out.set(r.deal_id, list);
    }
  }
  return out;
}

export async function insertDeal(db: Database, row: NewDealRow): Promise<number> {
  const inserted = await db.insertInto('deals').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateDealIfVersion(
  db: Database,
  companyId: number,
  id: number,
  version: number,
  patch: DealPatch,
): Promise<boolean> {
  const res = await db
    .updateTable('deals')
    .set({ ...patch, version: version + 1 })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteDealsReturning(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('deals')
    .where(companyGuard('company_id'), '=', companyId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function replaceDealTags(db: Database, companyId: number, dealId: number, tags: string[]) {
  await db
    .deleteFrom('deal_tags')
    .where(companyGuard('company_id'), '=', companyId)
    .where('deal_id', '=', dealId)
    .execute();
  if (tags.length) {
    await db
      .insertInto('deal_tags')
      .values(tags.map((tag) => ({ company_id: companyId, deal_id: dealId, tag })))
      .execute();
  }
}

export async function replaceDealCustomers(db: Database, companyId: number, dealId: number, ids: number[]) {
  await db
    .deleteFrom('deal_customers')
    .where('company_id', '=', companyId)
    .where('deal_id', '=', dealId)
    .execute();
  if (ids.length) {
    await db
      .insertInto('deal_customers')
      .values(ids.map((customer_id) => ({ company_id: companyId, deal_id: dealId, customer_id })))
      .execute();
  }
}

export function insertDealActivity(db: Database, row: NewDealActivity) {
  return db.insertInto('deal_activities').values(row).compile();
}

/** Timeline entries of many deals in one statement (compiled, to go with the change-feed row). */
export function insertDealActivities(db: Database, rows: NewDealActivity[]) {
  return db.insertInto('deal_activities').values(rows).compile();
}

/** A new version for each of these deals (their own fields changed elsewhere); answers id → version. */
export async function bumpDealVersionsOf(
  db: Database,
  companyId: number,
  ids: number[],
  by: { userId: number | null; at: string },
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .updateTable('deals')
    .set({ version: sql`version + 1`, updated_by: by.userId, updated_at: by.at })
    .where(companyGuard('company_id'), '=', companyId)
    .where('id', 'in', ids)
    .returning(['id', 'version'])
    .execute();
  return new Map(rows.map((r) => [r.id, r.version]));
}

/** A note on a deal's timeline; answers its id (the note's mentions are keyed by it). */
export async function insertDealNote(db: Database, row: NewDealActivity): Promise<number> {
  const inserted = await db
    .insertInto('deal_activities')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Of these customers, those of the company, with their type. */
export async function customerTypes(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'type'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.type]));
}

/** Deals are kept in the company's currency (shared with the imports: lib/company-currency.ts). */
export { companyCurrency } from '../../lib/company-currency.ts';

/**
 * A deal shows on the timelines of its organisation and people: an entry (kind `deal_created`,
 * `deal_won`, `deal_lost`; the title as body, since the deal may be gone later) in each of
 * their `customer_activities`, in the deal write's transaction.
 */
export async function insertCustomerDealEntries(
  db: Database,
  companyId: number,
  customerIds: number[],
  entry: {
    kind: 'deal_created' | 'deal_won' | 'deal_lost';
    title: string;
    author_id: number | null;
    author_key_name: string | null;
    at: string;
  },
) {
  if (customerIds.length === 0) return;
  await db
    .insertInto('customer_activities')
    .values(
      customerIds.map((customer_id) => ({
        company_id: companyId,
        customer_id,
        kind: entry.kind,
        body: entry.title,
        changes: null,
        author_id: entry.author_id,
        author_key_name: entry.author_key_name,
        created_at: entry.at,
      })),
    )
    .execute();
}

export async function companyCountry(db: Database, companyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('companies')
    .select('country')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.country ?? null;
}
