import { createHash } from 'node:crypto';
import type { pipelinesForSync } from '../deals/deals.service.ts';
import type { DealApi, RemoteDealFields, RemotePipeline } from './connector-deal.ts';
import { hashedParties, type PartyView } from './connector-deal-parties.ts';
import { customHashPart } from './connector-field-hash.ts';

/**
 * Remote deals as Kontora values and back. Pipelines and stages are matched
 * by name (trimmed, without case): a remote pipeline with no Kontora pipeline
 * of its name goes to the deal's own pipeline (a linked deal) or the
 * company's first; a stage with no Kontora stage of its name in that
 * pipeline is not guessed: the deal is skipped and the log says why.
 */

export type LocalPipelines = Awaited<ReturnType<typeof pipelinesForSync>>;

/** The Kontora values a deal's sync keeps in step; its content hash covers exactly these. */
export interface DealSyncValues {
  title: string;
  amount_cents: number | null;
  currency: string;
  pipeline_id: number;
  stage_id: number;
  expected_close_date: string | null;
  lost_reason: string | null;
  /** The owner where both sides know them (connector-deal-owner.ts), else null or absent. */
  owner_id?: number | null;
  /** Who the deal is with, as far as both sides know them (connector-deal-parties.ts). */
  parties?: PartyView;
  /** Values of the own deal fields mapped to remote properties (connector-field-sync.ts). */
  custom?: Record<string, unknown>;
}

export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

const nameKey = (name: string) => name.trim().toLocaleLowerCase();
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/** The hash of the values both sides agreed on (see content-hash.ts for customers). */
export function dealHash(
  v: DealSyncValues,
  api: Pick<DealApi, 'lostReason' | 'noAmountIsZero' | 'customKeys'>,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        v.title.trim(),
        // Where 0 is how the provider says "none", a pushed 0 or none both come back as none.
        api.noAmountIsZero && v.amount_cents === 0 ? null : v.amount_cents,
        v.currency.toUpperCase(),
        v.pipeline_id,
        v.stage_id,
        v.expected_close_date,
        api.lostReason ? (v.lost_reason?.trim() ?? null) : null,
        // Only an owner both sides know counts, and only then: hashes of deals without one are as before.
        ...(v.owner_id ? [v.owner_id] : []),
        // Likewise the organisation and people both sides know (none: hashes as before 073).
        ...(v.parties ? hashedParties(v.parties) : []),
        // Mapped own fields, only those holding a value (connector-field-hash.ts).
        ...customHashPart(v.custom, api.customKeys),
      ]),
    )
    .digest('hex');
}

/** A remote deal as Kontora values, or why it cannot be one. */
export function toLocal(
  remote: RemoteDealFields,
  remotePipelines: RemotePipeline[],
  local: LocalPipelines,
  api: Pick<DealApi, 'statusBesideStage' | 'lostReason'>,
  ownPipelineId: number | null,
): Mapped<DealSyncValues> {
  const title = remote.title?.trim();
  if (!title) return { ok: false, reason: 'The deal has no name.' };
  const rp = remotePipelines.find((p) => p.id === remote.pipelineId) ?? null;
  const lp =
    (rp && local.pipelines.find((p) => sameName(p.name, rp.label))) ??
    local.pipelines.find((p) => p.id === ownPipelineId) ??
    local.pipelines[0];
  if (!lp) return { ok: false, reason: `Deal “${title}”: Kontora has no pipeline.` };
  let stage: LocalPipelines['pipelines'][number]['stages'][number] | undefined;
  if (api.statusBesideStage && (remote.status === 'won' || remote.status === 'lost')) {
    const kind = remote.status;
    stage = lp.stages.find((s) => s.kind === kind);
    if (!stage)
      return { ok: false, reason: `Deal “${title}”: Kontora’s pipeline “${lp.name}” has no ${kind} stage.` };
  } else {
    const rs = rp?.stages.find((s) => s.id === remote.stageId);
    if (!rs)
      return { ok: false, reason: `Deal “${title}”: its stage is not in any pipeline the provider listed.` };
    stage = lp.stages.find((s) => sameName(s.name, rs.label));
    if (!stage)
      return {
        ok: false,
        reason: `Deal “${title}” skipped: stage “${rs.label}” (pipeline “${rp?.label}”) has no stage of that name in Kontora’s pipeline “${lp.name}”.`,
      };
  }
  return {
    ok: true,
    value: {
      title,
      amount_cents: remote.amount === null ? null : Math.round(remote.amount * 100),
      currency: (remote.currency?.trim() || local.currency).toUpperCase(),
      pipeline_id: lp.id,
      stage_id: stage.id,
      expected_close_date: remote.expectedCloseDate,
      lost_reason: stage.kind === 'lost' && api.lostReason ? remote.lostReason?.trim() || null : null,
      ...(remote.custom ? { custom: remote.custom } : {}),
    },
  };
}

/** A Kontora deal as the provider's fields (without its organisation and people), or why it cannot be one. */
export function toRemote(
  deal: DealSyncValues,
  remotePipelines: RemotePipeline[],
  local: LocalPipelines,
  api: Pick<DealApi, 'statusBesideStage'>,
  provider: string,
): Mapped<RemoteDealFields> {
  const lp = local.pipelines.find((p) => p.id === deal.pipeline_id);
  const ls = lp?.stages.find((s) => s.id === deal.stage_id);
  if (!lp || !ls) return { ok: false, reason: `Deal “${deal.title}”: its stage is gone in Kontora.` };
  const rp = remotePipelines.find((p) => sameName(p.label, lp.name)) ?? remotePipelines[0];
  if (!rp) return { ok: false, reason: `Deal “${deal.title}”: ${provider} has no deal pipeline.` };
  const rs = rp.stages.find((s) => sameName(s.label, ls.name));
  // Where won and lost are a status, a closed deal needs no stage of the same name.
  if (!rs && !(api.statusBesideStage && ls.kind !== 'open'))
    return {
      ok: false,
      reason: `Deal “${deal.title}” not sent: stage “${ls.name}” has no stage of that name in ${provider}’s pipeline “${rp.label}”.`,
    };
  return {
    ok: true,
    value: {
      title: deal.title,
      amount: deal.amount_cents === null ? null : deal.amount_cents / 100,
      currency: deal.currency,
      pipelineId: rp.id,
      stageId: rs?.id ?? null,
      status: ls.kind,
      expectedCloseDate: deal.expected_close_date,
      lostReason: ls.kind === 'lost' ? deal.lost_reason : null,
      ownerId: null,
      organisationId: null,
      personIds: [],
      ...(deal.custom ? { custom: deal.custom } : {}),
    },
  };
}
