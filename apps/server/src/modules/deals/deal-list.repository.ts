import type { DealSort } from '@kontora/contract/deal-values';
import { type ExpressionBuilder, sql } from 'kysely';
import { companyGuard } from '../../db/company-guard.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import {
  type CustomListPlan,
  customSortedPage,
  heldOrder,
  rareValuesStart,
} from '../custom-fields/custom-fields.service.ts';
import {
  baseDeals,
  type DealRow,
  type DealRowWithValues,
  dealRowsWithValues,
  hiddenDeals,
  shownDeals,
  withDealColumns,
} from './deals.repository.ts';

/** Reads over many deals: the list (filters, search, keyset pages) and the board. */

export interface DealListFilter {
  pipelineId?: number | undefined;
  stageId?: number | undefined;
  status?: 'open' | 'won' | 'lost' | undefined;
  ownerId?: number | undefined;
  customerId?: number | undefined;
  /** Folded words; each must start a word of the title, of its own text values or of the organisation's name. */
  terms: string[];
  tag?: string | undefined;
  closeFrom?: string | undefined;
  closeTo?: string | undefined;
  /** Filters and sort on the company's own fields; its sort replaces the list's. */
  custom?: CustomListPlan | undefined;
  /** The position after which a page sorted by a custom field starts. */
  customAfter?: { value: string | number | null; id: number } | undefined;
}

type Eb = ExpressionBuilder<DB & { d: DB['deals'] }, 'd'>;

/** The sort key of each sort; nullable columns sort with their nulls last (ascending). */
const SORT_KEY = {
  position: sql`d.position`,
  title: sql`d.sort_title`,
  amount: sql`coalesce(d.amount_cents, -1)`,
  expected_close_date: sql`coalesce(d.expected_close_date, '9999-12-31')`,
  created_at: sql`d.created_at`,
  updated_at: sql`d.updated_at`,
} as const;

export function sortValueOf(row: DealRow, sort: DealSort): string | number {
  switch (sort) {
    case 'position':
      return Number(row.position);
    case 'title':
      return row.sort_title;
    case 'amount':
      return row.amount_cents === null ? -1 : Number(row.amount_cents);
    case 'expected_close_date':
      return row.expected_close_date ?? '9999-12-31';
    default:
      return row[sort];
  }
}

const likeWord = (term: string) => `% ${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The deals matching the filter among those reads may show (`hidden`: hiddenDeals). */
function filtered(
  db: Database,
  companyId: number,
  f: DealListFilter,
  hidden: readonly number[],
  { fewStart = false } = {},
) {
  // A customer's deals are few, and so are the holders of a rare value (`fewStart`): they start
  // the page, found by the customer or the values, then sorted. With the company's condition as
  // the index to read, SQLite walked all its deals in the page's order and tested each (350 ms at
  // 200,000 deals, for a customer with two); the guard takes it out of the choice
  // (docs/decisions/114-record-lookups-never-walk-the-company.md).
  const few = f.customerId !== undefined || fewStart;
  const company = few ? companyGuard('d.company_id') : sql.ref('d.company_id');
  let query = shownDeals(baseDeals(db), hidden).where(company, '=', companyId);
  if (f.pipelineId !== undefined) query = query.where('d.pipeline_id', '=', f.pipelineId);
  if (f.stageId !== undefined) query = query.where('d.stage_id', '=', f.stageId);
  if (f.status) query = query.where('d.status', '=', f.status);
  if (f.ownerId !== undefined) query = query.where('d.owner_id', '=', f.ownerId);
  if (f.closeFrom) query = query.where('d.expected_close_date', '>=', f.closeFrom);
  if (f.closeTo) query = query.where('d.expected_close_date', '<=', f.closeTo);
  for (const condition of f.custom?.where('d') ?? []) query = query.where(condition);
  if (f.customerId !== undefined) {
    const customerId = f.customerId;
    // The deals the customer is on, and those of the organisation it is.
    query = query.where((eb: Eb) =>
      eb(
        'd.id',
        'in',
        eb
          .selectFrom('deal_customers as dc')
          .select('dc.deal_id')
          .where('dc.company_id', '=', companyId)
          .where('dc.customer_id', '=', customerId)
          .unionAll(
            eb
              .selectFrom('deals as o')
              .select('o.id as deal_id')
              .where('o.company_id', '=', companyId)
              .where('o.organisation_id', '=', customerId),
          ),
      ),
    );
  }
  if (f.tag) {
    const tag = f.tag;
    query = query.where((eb: Eb) =>
      eb.exists(
        eb
          .selectFrom('deal_tags as t')
          .select(sql.lit(1).as('one'))
          .whereRef('t.company_id', '=', 'd.company_id')
          .whereRef('t.deal_id', '=', 'd.id')
          .where('t.tag', '=', tag),
      ),
    );
  }
  for (const term of f.terms) {
    const pattern = likeWord(term);
    query = query.where((eb: Eb) =>
      eb.or([
        sql<boolean>`' ' || d.sort_title like ${pattern} escape '\\'`,
        sql<boolean>`' ' || d.own_words like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('customers as o')
            .select(sql.lit(1).as('one'))
            .whereRef('o.company_id', '=', 'd.company_id')
            .whereRef('o.id', '=', 'd.organisation_id')
            .where(sql<boolean>`' ' || o.sort_name like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  return query;
}

/** One page in (sort key, id) order after the given position. */
export async function listDeals(
  db: Database,
  companyId: number,
  filter: DealListFilter,
  sort: DealSort,
  dir: 'asc' | 'desc',
  after: { value: string | number; id: number } | undefined,
  limit: number,
): Promise<DealRow[]> {
  const key = SORT_KEY[sort];
  // A value few deals hold: start from them, not from a walk of the order.
  const start = await rareDealsStart(db, companyId, filter, limit);
  const hidden = await hiddenDeals(db, companyId);
  let query = withDealColumns(filtered(db, companyId, filter, hidden, { fewStart: start !== undefined }));
  if (start) query = query.where(start('d'));
  const custom = filter.custom?.sort;
  if (custom) return customSortedPage(query, custom, 'd', filter.customAfter, limit);
  if (after) {
    query = query.where(
      dir === 'asc'
        ? sql<boolean>`(${key}, d.id) > (${after.value}, ${after.id})`
        : sql<boolean>`(${key}, d.id) < (${after.value}, ${after.id})`,
    );
  }
  return query
    .orderBy(start ? heldOrder(db, key) : key, dir)
    .orderBy('d.id', dir)
    .limit(limit)
    .execute();
}

/** Where a list page filtered by own values starts (rareValuesStart), sized by the company's deals. */
export function rareDealsStart(db: Database, companyId: number, filter: DealListFilter, limit: number) {
  const plan = filter.custom;
  return plan
    ? rareValuesStart(db, companyId, 'deal', plan, limit, () => dealTotal(db, companyId))
    : undefined;
}

/** How many deals the company has, from the kept figures (open deals, closed ones per kind). */
async function dealTotal(db: Database, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('deal_stats')
    .select((eb) => eb.fn.sum<number | string>('n').as('n'))
    .where('company_id', '=', companyId)
    .where('kind', 'in', ['open', 'won', 'lost'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Per stage of the pipeline: how many deals match and the sum of their amounts in `currency`;
 * `hidden`: the deal imports under way (hiddenDeals), read once for the whole board.
 */
export async function columnTotals(
  db: Database,
  companyId: number,
  filter: DealListFilter,
  currency: string,
  stageIds: number[],
  hidden: readonly number[],
): Promise<Map<number, { count: number; amount_cents: number }>> {
  if (stageIds.length === 0) return new Map();
  const rows = await filtered(db, companyId, filter, hidden)
    .where('d.stage_id', 'in', stageIds)
    .select([
      'd.stage_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string | null>`sum(case when d.currency = ${currency} then d.amount_cents else 0 end)`.as(
        'amount',
      ),
    ])
    .groupBy('d.stage_id')
    .execute();
  return new Map(rows.map((r) => [r.stage_id, { count: Number(r.n), amount_cents: Number(r.amount ?? 0) }]));
}

/**
 * The first `limit` deals of each stage (in board order, each a limited range of the board
 * index, no joins) with their rows, people and own-field values, in one statement.
 */
export async function columnPages(
  db: Database,
  companyId: number,
  filter: DealListFilter,
  stageIds: number[],
  limit: number,
  hidden: readonly number[],
): Promise<DealRowWithValues[]> {
  const pages = stageIds.map((stageId) =>
    filtered(db, companyId, { ...filter, stageId }, hidden)
      .select('d.id')
      .orderBy('d.position')
      .orderBy('d.id')
      .limit(limit),
  );
  const [first, ...rest] = pages;
  if (!first) return [];
  // Each page is its own limited subquery; SQLite takes no ORDER BY/LIMIT in a compound member itself.
  let union = db.selectFrom(first.as('p0')).select('p0.id');
  rest.forEach((page, i) => {
    union = union.unionAll(db.selectFrom(page.as(`p${i + 1}`)).select(`p${i + 1}.id as id`)) as typeof union;
  });
  // `+d.company_id`: the rows by primary key, not through an index that leads with the company.
  return dealRowsWithValues(
    db,
    baseDeals(db).where(sql<boolean>`+d.company_id = ${companyId}`).where('d.id', 'in', union),
  );
}

/** Ids of a pipeline's deals (of one stage of it), oldest first. */
export async function dealIdsIn(db: Database, companyId: number, pipelineId: number, stageId?: number) {
  let query = db
    .selectFrom('deals')
    .select('id')
    .where('company_id', '=', companyId)
    .where('pipeline_id', '=', pipelineId);
  if (stageId !== undefined) query = query.where('stage_id', '=', stageId);
  return (await query.orderBy('id').execute()).map((r) => r.id);
}

/** Ids of the deals matching the list's filter (own-field filters included), at most `limit`, by id. */
export async function matchingDealIds(
  db: Database,
  companyId: number,
  filter: DealListFilter,
  limit: number,
): Promise<number[]> {
  const hidden = await hiddenDeals(db, companyId);
  const rows = await filtered(db, companyId, filter, hidden)
    .select('d.id')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
