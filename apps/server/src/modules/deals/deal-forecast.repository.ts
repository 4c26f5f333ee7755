import type { Database } from '../../db/database.ts';

/** The forecast's figures (deal_stats but the board's per-stage rows) of the company, narrowed to a pipeline and an owner. */
export function statsRows(
  db: Database,
  companyId: number,
  filter: { pipelineId?: number | undefined; ownerId?: number | undefined },
) {
  let query = db
    .selectFrom('deal_stats')
    .select([
      'pipeline_id',
      'owner_id',
      'currency',
      'kind',
      'month',
      'stage_id',
      'n',
      'amount_cents',
      'weighted',
      'seconds',
    ])
    .where('company_id', '=', companyId)
    .where('kind', 'in', ['open', 'won', 'lost', 'entered']);
  if (filter.pipelineId !== undefined) query = query.where('pipeline_id', '=', filter.pipelineId);
  if (filter.ownerId !== undefined) query = query.where('owner_id', '=', filter.ownerId);
  return query.execute();
}

export async function ownerNames(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.full_name'])
    .where('m.company_id', '=', companyId)
    .where('u.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.full_name]));
}

/** A board column's figures: how many deals and the sum of their amounts in one currency. */
export interface ColumnTotal {
  count: number;
  amount_cents: number;
}

/**
 * Count and amount (in `currency`) of a pipeline's open deals per stage and of its won and
 * lost deals, from the figures the write door keeps: a board's columns without reading their
 * deals (the closed ones ever growing). Keyed by stage id (open) and by kind (closed).
 */
export async function boardTotals(
  db: Database,
  companyId: number,
  pipelineId: number,
  ownerId: number | undefined,
  currency: string,
): Promise<{ open: Map<number, ColumnTotal>; closed: Map<'won' | 'lost', ColumnTotal> }> {
  let query = db
    .selectFrom('deal_stats')
    .select(['kind', 'stage_id', 'currency', 'n', 'amount_cents'])
    .where('company_id', '=', companyId)
    .where('pipeline_id', '=', pipelineId)
    .where('kind', 'in', ['stage', 'won', 'lost']);
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  const open = new Map<number, ColumnTotal>();
  const closed = new Map<'won' | 'lost', ColumnTotal>();
  const add = <K>(
    totals: Map<K, ColumnTotal>,
    key: K,
    r: { n: number; currency: string; amount_cents: number },
  ) => {
    const total = totals.get(key) ?? { count: 0, amount_cents: 0 };
    total.count += Number(r.n);
    if (r.currency === currency) total.amount_cents += Number(r.amount_cents);
    totals.set(key, total);
  };
  for (const r of await query.execute()) {
    if (r.kind === 'stage') add(open, r.stage_id, r);
    else if (r.kind === 'won' || r.kind === 'lost') add(closed, r.kind, r);
  }
  return { open, closed };
}
