import type {
  Pipeline,
  PipelineCreateBody,
  PipelineUpdateBody,
  Stage,
  StageInput,
  StagesPutBody,
} from '@kontora/contract/pipelines';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { authorOfActor } from '../../lib/record-author.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { dealIdsIn } from './deal-list.repository.ts';
import { loadStoredDeals } from './deal-load.ts';
import { rebuildOpenStats } from './deal-stats.repository.ts';
import { writeDeals } from './deal-writes.ts';
import { companyCountry } from './deals.repository.ts';
import { defaultPipeline } from './pipeline-defaults.ts';
import {
  dealCountsByStage,
  deletePipelineRow,
  deleteStages,
  findPipelineRow,
  insertPipeline,
  insertStages,
  lostReasons,
  type NewStage,
  type PipelineRow,
  replaceLostReasons,
  type StageRow,
  selectPipelines,
  selectStages,
  setPipelinePositions,
  touchPipelineIfVersion,
  updateStage,
} from './pipelines.repository.ts';

const stalePipeline = () =>
  new AppError(409, 'stale_update', 'Someone else changed this pipeline meanwhile. Reload it and try again.');

const toStage = (s: StageRow): Stage => ({
  id: s.id,
  name: s.name,
  kind: s.kind,
  probability: s.probability,
  rotting_days: s.rotting_days,
  position: s.position,
});

function toPipeline(p: PipelineRow, stages: StageRow[]): Pipeline {
  return {
    id: p.id,
    name: p.name,
    position: p.position,
    stages: stages.filter((s) => s.pipeline_id === p.id).map(toStage),
    version: p.version,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** The pipeline's change-feed row, with the pipeline as the API answers it (as it was, for a deletion). */
async function recordPipeline(
  db: Database,
  actor: Actor,
  type: 'pipeline.created' | 'pipeline.updated' | 'pipeline.deleted',
  pipeline: Pipeline,
) {
  await recordChange(db, {
    companyId: actor.companyId,
    type,
    entity: { type: 'pipeline', id: pipeline.id },
    version: pipeline.version,
    actor: byActor(actor),
    data: { ...pipeline },
  });
}

export async function listPipelines(ctx: Pick<AppContext, 'db'>, companyId: number): Promise<Pipeline[]> {
  const pipelines = await selectPipelines(ctx.db, companyId);
  const stages = await selectStages(ctx.db, companyId);
  return pipelines.map((p) => toPipeline(p, stages));
}

export async function getPipeline(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  id: number,
): Promise<Pipeline> {
  const row = await findPipelineRow(ctx.db, companyId, id);
  if (!row) throw notFound('Pipeline');
  return toPipeline(row, await selectStages(ctx.db, companyId, [id]));
}

const pipelineIn = (db: Database, companyId: number, id: number) => getPipeline({ db }, companyId, id);

/** The row values of a stage list (won 100 %, lost 0 %; an open stage keeps its probability unless given). */
function stageValues(stages: StageInput[], previous: Map<number, StageRow>): NewStage[] {
  return stages.map((s, position) => ({
    name: s.name,
    kind: s.kind,
    probability:
      s.kind === 'won'
        ? 100
        : s.kind === 'lost'
          ? 0
          : (s.probability ?? (s.id ? previous.get(s.id)?.probability : undefined) ?? 0),
    rotting_days: s.kind === 'open' ? (s.rotting_days ?? null) : null,
    position,
  }));
}

/** The pipeline a new company starts with ("Sales" and its six stages, named in the company's language). */
export async function createDefaultPipeline(
  db: Database,
  companyId: number,
  country: string | null | undefined,
) {
  const defaults = defaultPipeline(country);
  const at = new Date().toISOString();
  const id = await insertPipeline(db, companyId, defaults.name, 0, at);
  await insertStages(
    db,
    companyId,
    id,
    defaults.stages.map((s, position) => ({ ...s, position })),
  );
  return id;
}

export async function createPipeline(
  ctx: AppContext,
  actor: Actor,
  body: PipelineCreateBody,
): Promise<Pipeline> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const existing = await selectPipelines(trx, actor.companyId);
    if (existing.length >= 50) throw invalidField('name', 'too_many', 'A company has at most 50 pipelines.');
    const at = new Date().toISOString();
    const pipelineId = await insertPipeline(trx, actor.companyId, body.name, existing.length, at);
    const stages = body.stages
      ? stageValues(body.stages, new Map())
      : defaultPipeline(await companyCountry(trx, actor.companyId)).stages.map((s, position) => ({
          ...s,
          position,
        }));
    await insertStages(trx, actor.companyId, pipelineId, stages);
    await recordPipeline(trx, actor, 'pipeline.created', await pipelineIn(trx, actor.companyId, pipelineId));
    return pipelineId;
  });
  return getPipeline(ctx, actor.companyId, id);
}

export async function updatePipeline(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: PipelineUpdateBody,
): Promise<Pipeline> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findPipelineRow(trx, actor.companyId, id);
    if (!row) throw notFound('Pipeline');
    const at = new Date().toISOString();
    const patch = body.name === undefined ? {} : { name: body.name };
    if (!(await touchPipelineIfVersion(trx, actor.companyId, id, body.version, patch, at)))
      throw stalePipeline();
    if (body.position !== undefined) {
      const ids = (await selectPipelines(trx, actor.companyId)).map((p) => p.id).filter((p) => p !== id);
      ids.splice(Math.min(body.position, ids.length), 0, id);
      await setPipelinePositions(trx, actor.companyId, ids);
    }
    await recordPipeline(trx, actor, 'pipeline.updated', await pipelineIn(trx, actor.companyId, id));
  });
  return getPipeline(ctx, actor.companyId, id);
}

/**
 * The whole ordered stage list. Stages left out are removed; one that holds deals needs
 * `move_deals_to` (409 `stage_has_deals` with the counts, by stage id, otherwise), and its
 * deals move through the deals' write door (timeline, feed and figures as for any move).
 */
export async function putStages(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: StagesPutBody,
): Promise<Pipeline> {
  const { companyId } = actor;
  await writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const row = await findPipelineRow(trx, companyId, id);
    if (!row) throw notFound('Pipeline');
    const before = new Map((await selectStages(trx, companyId, [id])).map((s) => [s.id, s]));
    const details: Record<string, string[]> = {};
    body.stages.forEach((s, i) => {
      if (s.id !== undefined && !before.has(s.id)) details[`stages.${i}.id`] = ['not_found'];
    });
    if (Object.keys(details).length)
      throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details });
    const counts = await dealCountsByStage(trx, companyId, id);
    const kept = new Set(body.stages.flatMap((s) => (s.id === undefined ? [] : [s.id])));
    const removed = [...before.keys()].filter((s) => !kept.has(s));
    body.stages.forEach((s, i) => {
      const old = s.id === undefined ? undefined : before.get(s.id);
      if (old && old.kind !== s.kind && (counts.get(old.id) ?? 0) > 0)
        details[`stages.${i}.kind`] = ['stage_has_deals'];
    });
    if (Object.keys(details).length)
      throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details });
    const moves = body.move_deals_to ?? {};
    const unplaced = removed.filter((s) => (counts.get(s) ?? 0) > 0 && moves[String(s)] === undefined);
    if (unplaced.length) {
      throw new AppError(409, 'stage_has_deals', 'Say where the deals of the removed stages go.', {
        details: Object.fromEntries(unplaced.map((s) => [String(s), [String(counts.get(s) ?? 0)]])),
      });
    }
    if (!(await touchPipelineIfVersion(trx, companyId, id, body.version, {}, new Date().toISOString())))
      throw stalePipeline();

    const values = stageValues(body.stages, before);
    const ids: number[] = [];
    for (const [i, s] of body.stages.entries()) {
      const v = values[i] as NewStage;
      if (s.id !== undefined) {
        await updateStage(trx, companyId, s.id, v);
        ids.push(s.id);
      } else {
        const [newId] = await insertStages(trx, companyId, id, [v]);
        if (newId === undefined) throw new Error('insert answered no id');
        ids.push(newId);
      }
    }
    w.forgetStages();
    for (const stageId of removed) {
      const target = moves[String(stageId)];
      if (target === undefined || (counts.get(stageId) ?? 0) === 0) continue;
      const targetId = typeof target === 'number' ? target : ids[Number(target.slice(4))];
      if (targetId === undefined || !ids.includes(targetId) || removed.includes(targetId))
        throw invalidField(
          `move_deals_to.${stageId}`,
          'not_found',
          'Move the deals to a stage of the new list.',
        );
      const deals = await loadStoredDeals(trx, companyId, await dealIdsIn(trx, companyId, id, stageId));
      for (const d of deals) await w.change(d, { ...d, stage_id: targetId });
    }
    await deleteStages(trx, companyId, removed);
    const probabilityChanged = body.stages.some(
      (s, i) => s.id !== undefined && before.get(s.id)?.probability !== values[i]?.probability,
    );
    if (probabilityChanged) await rebuildOpenStats(trx, companyId, id);
    await recordPipeline(trx, actor, 'pipeline.updated', await pipelineIn(trx, companyId, id));
  });
  return getPipeline(ctx, companyId, id);
}

/**
 * Deleting a pipeline: its deals (if any) go to `moveTo`'s first open stage, or its won or
 * lost stage by their status; without `moveTo` a pipeline with deals is not deleted (409).
 */
export async function deletePipeline(
  ctx: AppContext,
  actor: Actor,
  id: number,
  moveTo?: number,
): Promise<void> {
  const { companyId } = actor;
  await writeDeals(ctx, authorOfActor(actor), async (w, trx) => {
    const row = await findPipelineRow(trx, companyId, id);
    if (!row) throw notFound('Pipeline');
    const all = await selectPipelines(trx, companyId);
    if (all.length === 1) throw new AppError(409, 'conflict', 'A company keeps at least one pipeline.');
    const dealIds = await dealIdsIn(trx, companyId, id);
    if (dealIds.length) {
      if (moveTo === undefined)
        throw new AppError(409, 'pipeline_has_deals', 'Say which pipeline the deals of this one go to.', {
          details: { move_deals_to_pipeline: [String(dealIds.length)] },
        });
      const target = moveTo === id ? [] : await w.stagesOf(moveTo);
      if (target.length === 0)
        throw invalidField('move_deals_to_pipeline', 'not_found', 'Move the deals to another pipeline.');
      const byKind = (kind: string) => target.find((s) => s.kind === kind);
      for (const d of await loadStoredDeals(trx, companyId, dealIds)) {
        const stage = byKind(d.status);
        if (stage) await w.change(d, { ...d, pipeline_id: moveTo as number, stage_id: stage.id });
      }
    }
    const before = await pipelineIn(trx, companyId, id);
    await deletePipelineRow(trx, companyId, id);
    await recordPipeline(trx, actor, 'pipeline.deleted', before);
    await setPipelinePositions(
      trx,
      companyId,
      all.map((p) => p.id).filter((p) => p !== id),
    );
  });
}

export async function getLostReasons(ctx: Pick<AppContext, 'db'>, companyId: number): Promise<string[]> {
  return lostReasons(ctx.db, companyId);
}

/** The company's lost reasons are one of its settings: a change is a `company.updated` with the list before and after. */
export async function putLostReasons(ctx: AppContext, actor: Actor, items: string[]): Promise<string[]> {
  const { companyId } = actor;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lostReasons(trx, companyId);
    if (JSON.stringify(before) === JSON.stringify(items)) return;
    await replaceLostReasons(trx, companyId, items);
    await recordChange(trx, {
      companyId,
      type: 'company.updated',
      entity: { type: 'company', id: companyId },
      actor: byActor(actor),
      changes: [{ field: 'deal_lost_reasons', before, after: items }],
    });
  });
  return items;
}
