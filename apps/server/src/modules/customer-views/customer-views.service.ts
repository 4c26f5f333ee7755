import type { CustomRecord } from '@kontora/contract/custom-fields';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_VIEW_LIMITS,
  type CustomerView,
  type CustomerViewBody,
  type CustomerViewPatch,
  isCustomColumn,
} from '@kontora/contract/customer-views';
import { CustomerMatchQuery } from '@kontora/contract/customers';
import type { DealView, DealViewBody, DealViewPatch } from '@kontora/contract/deal-views';
import { DEAL_LIST_COLUMNS, DealMatchQuery } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  countOwnViews,
  deleteView,
  findColumns,
  findVisibleView,
  insertView,
  listVisibleViews,
  saveColumns,
  updateView,
  type ViewRow,
} from './customer-views.repository.ts';
import { checkViewCustom } from './view-custom-checks.ts';

/**
 * Saved views and column choices are how a person looks at the company's
 * customers or deals, not company data: they are not in the change feed or the audit
 * (decision 020). A view is changed only by its author; others see shared ones.
 * Both lists share this code and table, told apart by the record kind (decision 088).
 */

/** What a record kind's list is: its view types, built-in columns and how its stored filter is read. */
type Kinds = {
  customer: { view: CustomerView; body: CustomerViewBody; patch: CustomerViewPatch };
  deal: { view: DealView; body: DealViewBody; patch: DealViewPatch };
};
export type ViewOf<R extends CustomRecord> = Kinds[R]['view'];
export type ViewBodyOf<R extends CustomRecord> = Kinds[R]['body'];
export type ViewPatchOf<R extends CustomRecord> = Kinds[R]['patch'];
type Column<R extends CustomRecord> = ViewOf<R>['columns'][number];

const LISTS = {
  customer: { columns: CUSTOMER_COLUMNS as readonly string[], filter: CustomerMatchQuery },
  deal: { columns: DEAL_LIST_COLUMNS as readonly string[], filter: DealMatchQuery },
} as const;

/**
 * Stored JSON read back leniently: a column or filter field unknown today is dropped, not an
 * error. Own-field columns and filters stay as saved: a field archived since comes back with
 * them when restored, and the list leaves out those it does not know.
 */
function readColumns<R extends CustomRecord>(record: R, json: string): Column<R>[] {
  const parsed = JSON.parse(json) as unknown;
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (c): c is Column<R> => typeof c === 'string' && (LISTS[record].columns.includes(c) || isCustomColumn(c)),
  );
}

function toView<R extends CustomRecord>(record: R, row: ViewRow, userId: number): ViewOf<R> {
  const filter = LISTS[record].filter.safeParse(JSON.parse(row.filter));
  return {
    id: row.id,
    name: row.name,
    shared: Boolean(row.shared),
    filter: filter.success ? filter.data : {},
    sort: row.sort,
    dir: row.dir,
    columns: readColumns(record, row.columns),
    mine: row.user_id === userId,
    owner_name: row.owner_name ?? null,
    updated_at: row.updated_at,
  } as ViewOf<R>;
}

export async function listViews<R extends CustomRecord>(
  ctx: AppContext,
  actor: Actor,
  record: R,
): Promise<{ items: ViewOf<R>[]; columns: Column<R>[] | null }> {
  const [rows, columns] = await Promise.all([
    listVisibleViews(ctx.db, actor.companyId, record, personOf(actor), CUSTOMER_VIEW_LIMITS.viewsMax * 10),
    findColumns(ctx.db, actor.companyId, record, personOf(actor)),
  ]);
  return {
    items: rows.map((row) => toView(record, row, personOf(actor))),
    columns: columns === null ? null : readColumns(record, columns),
  };
}

async function ownView(ctx: AppContext, actor: Actor, record: CustomRecord, id: number): Promise<ViewRow> {
  const row = await findVisibleView(ctx.db, actor.companyId, record, personOf(actor), id);
  if (!row) throw notFound('View');
  // A shared view of someone else: visible, but only its author changes it.
  if (row.user_id !== personOf(actor))
    throw new AppError(403, 'forbidden', 'Only the author changes a view.');
  return row;
}

export async function createView<R extends CustomRecord>(
  ctx: AppContext,
  actor: Actor,
  record: R,
  body: ViewBodyOf<R>,
): Promise<ViewOf<R>> {
  await checkViewCustom(ctx, actor.companyId, record, body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { n } = await countOwnViews(trx, actor.companyId, record, personOf(actor));
    if (Number(n) >= CUSTOMER_VIEW_LIMITS.viewsMax) {
      throw new AppError(400, 'validation_failed', 'Too many saved views.', {
        details: { name: ['too_many'] },
      });
    }
    const now = new Date().toISOString();
    return insertView(trx, {
      company_id: actor.companyId,
      user_id: personOf(actor),
      record,
      name: body.name,
      shared: body.shared,
      filter: JSON.stringify(body.filter),
      sort: body.sort,
      dir: body.dir,
      columns: JSON.stringify(body.columns),
      created_at: now,
      updated_at: now,
    });
  });
  return getView(ctx, actor, record, id);
}

export async function getView<R extends CustomRecord>(
  ctx: AppContext,
  actor: Actor,
  record: R,
  id: number,
): Promise<ViewOf<R>> {
  const row = await findVisibleView(ctx.db, actor.companyId, record, personOf(actor), id);
  if (!row) throw notFound('View');
  return toView(record, row, personOf(actor));
}

export async function changeView<R extends CustomRecord>(
  ctx: AppContext,
  actor: Actor,
  record: R,
  id: number,
  patch: ViewPatchOf<R>,
): Promise<ViewOf<R>> {
  await ownView(ctx, actor, record, id);
  await checkViewCustom(ctx, actor.companyId, record, patch);
  await updateView(ctx.db, actor.companyId, personOf(actor), id, {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.shared !== undefined && { shared: patch.shared }),
    ...(patch.filter !== undefined && { filter: JSON.stringify(patch.filter) }),
    ...(patch.sort !== undefined && { sort: patch.sort }),
    ...(patch.dir !== undefined && { dir: patch.dir }),
    ...(patch.columns !== undefined && { columns: JSON.stringify(patch.columns) }),
    updated_at: new Date().toISOString(),
  });
  return getView(ctx, actor, record, id);
}

export async function removeView(ctx: AppContext, actor: Actor, record: CustomRecord, id: number) {
  await ownView(ctx, actor, record, id);
  await deleteView(ctx.db, actor.companyId, personOf(actor), id);
}

export async function setColumns<R extends CustomRecord>(
  ctx: AppContext,
  actor: Actor,
  record: R,
  columns: ViewBodyOf<R>['columns'],
): Promise<ViewBodyOf<R>['columns']> {
  await checkViewCustom(ctx, actor.companyId, record, { columns });
  await saveColumns(ctx.db, actor.companyId, record, personOf(actor), JSON.stringify(columns));
  return columns;
}
