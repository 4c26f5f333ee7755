import type { Database } from '../../db/database.ts';

/** The forecast's figures (deal_stats) of the company, narrowed to a pipeline and an owner. */
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
    .where('company_id', '=', companyId);
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

/**
 * Count and amount (in `currency`) of a pipeline's won and lost deals, from the forecast's
 * figures: a board's closed columns without reading the (ever growing) closed deals.
 */
export async function closedTotals(
  db: Database,
  companyId: number,
  pipelineId: number,
  ownerId: number | undefined,
  currency: string,
): Promise<Map<'won' | 'lost', { count: number; amount_cents: number }>> {
  const out = new Map<'won' | 'lost', { count: number; amount_cents: number }>();
  for (const r of await statsRows(db, companyId, { pipelineId, ownerId })) {
    if (r.kind !== 'won' && r.kind !== 'lost') continue;
    const total = out.get(r.kind) ?? { count: 0, amount_cents: 0 };
    total.count += Number(r.n);
    if (r.currency === currency) total.amount_cents += Number(r.amount_cents);
    out.set(r.kind, total);
  }
  return out;
}
