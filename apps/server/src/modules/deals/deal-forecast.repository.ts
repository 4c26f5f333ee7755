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
