import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PipelineStagesTable, PipelinesTable } from '../../db/schema.ts';

export type PipelineRow = Selectable<PipelinesTable>;
export type StageRow = Selectable<PipelineStagesTable>;
export type NewStage = Omit<StageRow, 'id' | 'company_id' | 'pipeline_id'>;

export function selectPipelines(db: Database, companyId: number): Promise<PipelineRow[]> {
  return db
    .selectFrom('pipelines')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function selectStages(db: Database, companyId: number, pipelineIds?: number[]): Promise<StageRow[]> {
  let query = db.selectFrom('pipeline_stages').selectAll().where('company_id', '=', companyId);
  if (pipelineIds) {
    if (pipelineIds.length === 0) return Promise.resolve([]);
    query = query.where('pipeline_id', 'in', pipelineIds);
  }
  return query.orderBy('pipeline_id').orderBy('position').orderBy('id').execute();
}

/**
 * What a board is drawn on, in one statement: the pipeline's stages in order and the
 * company's currency. Undefined when the company has no such pipeline.
 */
export async function boardFrame(
  db: Database,
  companyId: number,
  pipelineId: number,
): Promise<{ stages: StageRow[]; currency: string } | undefined> {
  const rows = await db
    .selectFrom('pipelines as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .leftJoin('pipeline_stages as s', (j) =>
      j.onRef('s.pipeline_id', '=', 'p.id').onRef('s.company_id', '=', 'p.company_id'),
    )
    .select(['c.currency', 's.id', 's.name', 's.kind', 's.probability', 's.rotting_days', 's.position'])
    .where('p.company_id', '=', companyId)
    .where('p.id', '=', pipelineId)
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const stages: StageRow[] = [];
  for (const r of rows) {
    if (r.id === null || r.name === null || r.kind === null || r.probability === null || r.position === null)
      continue;
    stages.push({
      id: r.id,
      company_id: companyId,
      pipeline_id: pipelineId,
      name: r.name,
      kind: r.kind,
      probability: r.probability,
      rotting_days: r.rotting_days,
      position: r.position,
    });
  }
  return { stages, currency: first.currency };
}

export function findPipelineRow(
  db: Database,
  companyId: number,
  id: number,
): Promise<PipelineRow | undefined> {
  return db
    .selectFrom('pipelines')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPipeline(
  db: Database,
  companyId: number,
  name: string,
  position: number,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto('pipelines')
    .values({ company_id: companyId, name, position, version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers the new stages' ids, in order. */
export async function insertStages(
  db: Database,
  companyId: number,
  pipelineId: number,
  stages: NewStage[],
): Promise<number[]> {
  if (stages.length === 0) return [];
  const rows = await db
    .insertInto('pipeline_stages')
    .values(stages.map((s) => ({ ...s, company_id: companyId, pipeline_id: pipelineId })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function updateStage(db: Database, companyId: number, id: number, values: NewStage) {
  await db
    .updateTable('pipeline_stages')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteStages(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('pipeline_stages').where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

/** Bumps the version when it is still `version`; false when someone changed the pipeline meanwhile. */
export async function touchPipelineIfVersion(
  db: Database,
  companyId: number,
  id: number,
  version: number,
  patch: { name?: string; position?: number },
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('pipelines')
    .set({ ...patch, version: version + 1, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPipelinePositions(db: Database, companyId: number, ids: number[]) {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable('pipelines')
      .set({ position })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('position', '<>', position)
      .execute();
  }
}

export async function deletePipelineRow(db: Database, companyId: number, id: number) {
  await db
    .deleteFrom('deal_stats')
    .where('company_id', '=', companyId)
    .where('pipeline_id', '=', id)
    .execute();
  await db.deleteFrom('pipelines').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** How many deals each stage of a pipeline holds (stages without deals are absent). */
export async function dealCountsByStage(
  db: Database,
  companyId: number,
  pipelineId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('deals')
    .select(['stage_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .where('pipeline_id', '=', pipelineId)
    .groupBy('stage_id')
    .execute();
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}

export async function lostReasons(db: Database, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('deal_lost_reasons')
    .select('reason')
    .where('company_id', '=', companyId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.reason);
}

export async function replaceLostReasons(db: Database, companyId: number, items: string[]) {
  await db.deleteFrom('deal_lost_reasons').where('company_id', '=', companyId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('deal_lost_reasons')
    .values(items.map((reason, position) => ({ company_id: companyId, position, reason })))
    .execute();
}
