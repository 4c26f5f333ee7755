import type { DealSort } from '@kontora/contract/deal-values';
import type { Board, BoardQuery, DealFilter, DealListQuery, DealPage } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import { withSerialPlans } from '../../db/serial-plans.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { customListPlan, customValuesOf } from '../custom-fields/custom-fields.service.ts';
import { foldWords, toDeal } from './deal-dto.ts';
import { boardTotals, type ColumnTotal } from './deal-forecast.repository.ts';
import {
  columnPages,
  columnTotals,
  type DealListFilter,
  listDeals,
  sortValueOf,
} from './deal-list.repository.ts';
import { customerIdsOf, type DealRow, hiddenDeals } from './deals.repository.ts';
import { boardFrame } from './pipelines.repository.ts';

export function toDealFilter(query: Partial<DealFilter>): DealListFilter {
  return {
    pipelineId: query.pipeline_id,
    stageId: query.stage_id,
    status: query.status,
    ownerId: query.owner_id,
    customerId: query.customer_id,
    terms: query.q ? foldWords(query.q).split(' ').filter(Boolean) : [],
    tag: query.tag || undefined,
    closeFrom: query.close_from,
    closeTo: query.close_to,
  };
}

function readCursor(
  raw: string,
  sort: string,
  dir: string,
  nullable = false,
): { value: string | number | null; id: number } {
  const parts = decodeCursor(raw);
  const [kind, s, d, value, id] = parts ?? [];
  if (
    parts?.length !== 5 ||
    kind !== 'deals' ||
    s !== sort ||
    d !== dir ||
    (typeof value !== 'string' && typeof value !== 'number' && !(nullable && value === null)) ||
    !Number.isSafeInteger(id)
  ) {
    throw invalidField('cursor', 'invalid_cursor');
  }
  return { value: value as string | number | null, id: id as number };
}

const cursorAfter = (row: DealRow, sort: DealSort, dir: string) =>
  encodeCursor(['deals', sort, dir, sortValueOf(row, sort), row.id]);

async function withPeople(ctx: Pick<AppContext, 'db'>, companyId: number, rows: DealRow[]) {
  const ids = rows.map((r) => r.id);
  const people = await customerIdsOf(ctx.db, companyId, ids);
  const custom = await customValuesOf(ctx.db, companyId, 'deal', ids);
  const now = Date.now();
  return rows.map((r) => toDeal(r, people.get(r.id) ?? [], now, custom.get(r.id)));
}

export async function listDealPage(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  query: DealListQuery,
): Promise<DealPage> {
  const custom = await customListPlan(ctx.db, companyId, 'deal', query, query.sort);
  const sort = custom?.sort;
  const standard = (sort ? 'updated_at' : query.sort) as DealSort;
  const filter = { ...toDealFilter(query), custom };
  if (sort) {
    // Sorted by a custom field: `-custom.{key}` says the direction; nulls last either way.
    const after = query.cursor ? readCursor(query.cursor, sort.name, sort.dir, true) : undefined;
    const rows = await withSerialPlans(ctx.db, (db) =>
      listDeals(
        db,
        companyId,
        { ...filter, customAfter: after },
        standard,
        sort.dir,
        undefined,
        query.limit + 1,
      ),
    );
    const items = rows.slice(0, query.limit);
    const last = items.at(-1) as (DealRow & { custom_sort?: string | number | null }) | undefined;
    return {
      items: await withPeople(ctx, companyId, items),
      next_cursor:
        rows.length > query.limit && last
          ? encodeCursor(['deals', sort.name, sort.dir, last.custom_sort ?? null, last.id])
          : null,
    };
  }
  const after = query.cursor ? readCursor(query.cursor, standard, query.dir) : undefined;
  const page = (db: typeof ctx.db) =>
    listDeals(
      db,
      companyId,
      filter,
      standard,
      query.dir,
      after as { value: string | number; id: number } | undefined,
      query.limit + 1,
    );
  // An own-field filter probes the values per row in a walk of the list's order: no parallel
  // plan on PostgreSQL, whose workers cost more to start than the page (decision 100).
  const rows = custom ? await withSerialPlans(ctx.db, page) : await page(ctx.db);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: await withPeople(ctx, companyId, items),
    next_cursor: rows.length > query.limit && last ? cursorAfter(last, standard, query.dir) : null,
  };
}

/**
 * Every column of a pipeline in one answer: per stage the count and amount total of the
 * deals matching the filters and the first `per_column` of them in board order. Three
 * statements whatever the number of stages (stages and currency, totals, pages with their
 * rows, people and own-field values), a fourth with own-field filters (the fields in use);
 * without filters the totals come from the figures the write door keeps.
 */
export async function boardOf(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  pipelineId: number,
  // The route's `BoardQuery`: the filters, `per_column`, own-field filters by their names.
  query: Partial<DealFilter> & Pick<BoardQuery, 'per_column'> & Record<string, unknown>,
): Promise<Board> {
  // Own-field filters are checked against the fields in use (a 400 for an unknown key) beside
  // the pipeline's read; without them no statement is sent for them. Another company's
  // pipeline is a 404 first, whatever the filters.
  const planned = customListPlan(ctx.db, companyId, 'deal', query, undefined);
  planned.catch(() => {});
  const frame = await boardFrame(ctx.db, companyId, pipelineId);
  if (!frame) throw notFound('Pipeline');
  const custom = await planned;
  // Deal imports under way (SQLite): asked once, for the totals and the pages alike.
  const hidden = await hiddenDeals(ctx.db, companyId);
  const { stages, currency } = frame;
  const filter = { ...toDealFilter(query), pipelineId, custom };
  // Without filters (an owner filter included) the kept figures answer every column
  // (deal_stats: open deals per stage, closed ones per kind); otherwise they are counted.
  const figuresServe =
    custom === undefined &&
    filter.terms.length === 0 &&
    !filter.tag &&
    filter.customerId === undefined &&
    !filter.closeFrom &&
    !filter.closeTo;
  const [totals, rows] = await Promise.all([
    figuresServe
      ? boardTotals(ctx.db, companyId, pipelineId, filter.ownerId, currency).then(
          ({ open, closed }) =>
            new Map<number, ColumnTotal | undefined>(
              stages.map((s) => [s.id, s.kind === 'open' ? open.get(s.id) : closed.get(s.kind)]),
            ),
        )
      : columnTotals(
          ctx.db,
          companyId,
          filter,
          currency,
          stages.map((s) => s.id),
          hidden,
        ),
    columnPages(
      ctx.db,
      companyId,
      filter,
      stages.map((s) => s.id),
      query.per_column + 1,
      hidden,
    ),
  ]);
  const now = Date.now();
  return {
    pipeline_id: pipelineId,
    currency,
    columns: stages.map((s) => {
      const inStage = rows
        .filter((r) => r.stage_id === s.id)
        .sort((a, b) => Number(a.position) - Number(b.position) || a.id - b.id);
      const page = inStage.slice(0, query.per_column);
      const last = page.at(-1);
      const total = totals.get(s.id);
      return {
        stage_id: s.id,
        count: total?.count ?? 0,
        amount_total: (total?.amount_cents ?? 0) / 100,
        items: page.map((r) => toDeal(r, r.customer_ids, now, r.custom)),
        next_cursor: inStage.length > query.per_column && last ? cursorAfter(last, 'position', 'asc') : null,
      };
    }),
  };
}
