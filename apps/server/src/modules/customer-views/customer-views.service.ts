import {
  CUSTOMER_COLUMNS,
  CUSTOMER_VIEW_LIMITS,
  type CustomerView,
  type CustomerViewBody,
  type CustomerViewPatch,
  type CustomerViewSort,
  type CustomerViews,
  isCustomColumn,
  type ListColumn,
} from '@kontora/contract/customer-views';
import { CustomerMatchQuery } from '@kontora/contract/customers';
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
 * customers, not company data: they are not in the change feed or the audit
 * (decision 020). A view is changed only by its author; others see shared ones.
 */

/**
 * Stored JSON read back leniently: a column or filter field unknown today is dropped, not an
 * error. Own-field columns and filters stay as saved: a field archived since comes back with
 * them when restored, and the list leaves out those it does not know.
 */
function readColumns(json: string): ListColumn[] {
  const parsed = JSON.parse(json) as unknown;
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (c): c is ListColumn =>
      (CUSTOMER_COLUMNS as readonly unknown[]).includes(c) || (typeof c === 'string' && isCustomColumn(c)),
  );
}

function toView(row: ViewRow, userId: number): CustomerView {
  const filter = CustomerMatchQuery.safeParse(JSON.parse(row.filter));
  return {
    id: row.id,
    name: row.name,
    shared: Boolean(row.shared),
    filter: filter.success ? filter.data : {},
    sort: row.sort as CustomerViewSort,
    dir: row.dir,
    columns: readColumns(row.columns),
    mine: row.user_id === userId,
    owner_name: row.owner_name ?? null,
    updated_at: row.updated_at,
  };
}

export async function listViews(ctx: AppContext, actor: Actor): Promise<CustomerViews> {
  const [rows, columns] = await Promise.all([
    listVisibleViews(ctx.db, actor.companyId, personOf(actor), CUSTOMER_VIEW_LIMITS.viewsMax * 10),
    findColumns(ctx.db, actor.companyId, personOf(actor)),
  ]);
  return {
    items: rows.map((row) => toView(row, personOf(actor))),
    columns: columns === null ? null : readColumns(columns),
  };
}

async function ownView(ctx: AppContext, actor: Actor, id: number): Promise<ViewRow> {
  const row = await findVisibleView(ctx.db, actor.companyId, personOf(actor), id);
  if (!row) throw notFound('View');
  // A shared view of someone else: visible, but only its author changes it.
  if (row.user_id !== personOf(actor))
    throw new AppError(403, 'forbidden', 'Only the author changes a view.');
  return row;
}

export async function createView(
  ctx: AppContext,
  actor: Actor,
  body: CustomerViewBody,
): Promise<CustomerView> {
  await checkViewCustom(ctx, actor.companyId, body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { n } = await countOwnViews(trx, actor.companyId, personOf(actor));
    if (Number(n) >= CUSTOMER_VIEW_LIMITS.viewsMax) {
      throw new AppError(400, 'validation_failed', 'Too many saved views.', {
        details: { name: ['too_many'] },
      });
    }
    const now = new Date().toISOString();
    return insertView(trx, {
      company_id: actor.companyId,
      user_id: personOf(actor),
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
  return getView(ctx, actor, id);
}

export async function getView(ctx: AppContext, actor: Actor, id: number): Promise<CustomerView> {
  const row = await findVisibleView(ctx.db, actor.companyId, personOf(actor), id);
  if (!row) throw notFound('View');
  return toView(row, personOf(actor));
}

export async function changeView(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: CustomerViewPatch,
): Promise<CustomerView> {
  await ownView(ctx, actor, id);
  await checkViewCustom(ctx, actor.companyId, patch);
  await updateView(ctx.db, actor.companyId, personOf(actor), id, {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.shared !== undefined && { shared: patch.shared }),
    ...(patch.filter !== undefined && { filter: JSON.stringify(patch.filter) }),
    ...(patch.sort !== undefined && { sort: patch.sort }),
    ...(patch.dir !== undefined && { dir: patch.dir }),
    ...(patch.columns !== undefined && { columns: JSON.stringify(patch.columns) }),
    updated_at: new Date().toISOString(),
  });
  return getView(ctx, actor, id);
}

export async function removeView(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownView(ctx, actor, id);
  await deleteView(ctx.db, actor.companyId, personOf(actor), id);
}

export async function setColumns(
  ctx: AppContext,
  actor: Actor,
  columns: ListColumn[],
): Promise<ListColumn[]> {
  await checkViewCustom(ctx, actor.companyId, { columns });
  await saveColumns(ctx.db, actor.companyId, personOf(actor), JSON.stringify(columns));
  return columns;
}
