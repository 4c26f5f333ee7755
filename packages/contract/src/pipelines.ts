import { z } from 'zod';
import { PIPELINE_LIMITS, STAGE_KINDS } from './deal-values.ts';
import { SingleLine } from './fields.ts';

export { DEFAULT_PIPELINE_STAGES, PIPELINE_LIMITS, STAGE_KINDS } from './deal-values.ts';

/**
 * Sales pipelines and their stages, `/api/companies/{companyId}/pipelines`.
 * A company starts with one pipeline ("Sales"); owners and admins change them.
 * Every pipeline has at least one open stage, exactly one won stage and one lost stage.
 */
export const StageKind = z.enum(STAGE_KINDS, { error: 'invalid_kind' });
export type StageKind = z.infer<typeof StageKind>;

const RecordId = z.number({ error: 'invalid_id' }).int().positive().max(2_147_483_647);

export const Stage = z.object({
  id: z.number(),
  name: z.string(),
  kind: StageKind,
  /** Chance, in percent, that a deal in this stage is won (100 for won, 0 for lost stages). */
  probability: z.number(),
  /** An open deal idle longer than this many days in the stage is "rotting"; null: never. */
  rotting_days: z.number().nullable(),
  position: z.number(),
});
export type Stage = z.infer<typeof Stage>;

export const Pipeline = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  stages: z.array(Stage),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Pipeline = z.infer<typeof Pipeline>;

export const PipelineList = z.object({ items: z.array(Pipeline) });
export type PipelineList = z.infer<typeof PipelineList>;

const PipelineName = SingleLine(PIPELINE_LIMITS.nameMax).min(1, { error: 'required' });

/**
 * One stage in `PUT …/pipelines/{id}/stages`: an existing stage keeps its `id`; a stage
 * without `id` is new. A stage left out is removed; when it holds deals, `move_deals_to`
 * names the stage (by id, or by its index in this list for a new one) they go to.
 */
export const StageInput = z
  .object({
    id: RecordId.optional(),
    name: SingleLine(PIPELINE_LIMITS.nameMax).min(1, { error: 'required' }),
    kind: StageKind.default('open'),
    probability: z.number({ error: 'invalid_number' }).int().min(0).max(100).optional(),
    rotting_days: z
      .number({ error: 'invalid_number' })
      .int()
      .min(1)
      .max(PIPELINE_LIMITS.rottingDaysMax)
      .nullable()
      .optional(),
  })
  .strict();
export type StageInput = z.output<typeof StageInput>;

/** Problems of a whole stage list (path is the stage's index, or `stages` for the list). */
export function stageListProblems(
  stages: readonly { kind: string }[],
): { path: (string | number)[]; code: string }[] {
  const problems: { path: (string | number)[]; code: string }[] = [];
  const count = (kind: string) => stages.filter((s) => s.kind === kind).length;
  if (count('open') < 1) problems.push({ path: ['stages'], code: 'open_stage_required' });
  if (count('won') !== 1) problems.push({ path: ['stages'], code: 'one_won_stage' });
  if (count('lost') !== 1) problems.push({ path: ['stages'], code: 'one_lost_stage' });
  return problems;
}

const StageList = z
  .array(StageInput)
  .min(1, { error: 'required' })
  .max(PIPELINE_LIMITS.stagesMax, { error: 'too_many' })
  .superRefine((stages, ctx) => {
    for (const p of stageListProblems(stages)) ctx.addIssue({ code: 'custom', path: [], message: p.code });
    const ids = stages.flatMap((s) => (s.id === undefined ? [] : [s.id]));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: [], message: 'duplicate_stage' });
  });

/** Where the deals of a removed stage go: stage id → stage id of the new list (or `new:<index>`). */
export const StageMoves = z.record(
  z.string().regex(/^\d+$/, { error: 'invalid_id' }),
  z.union([RecordId, z.string().regex(/^new:\d+$/, { error: 'invalid_id' })]),
);

export const PipelineCreateBody = z
  .object({
    name: PipelineName,
    /** Without stages, the default ones (Lead in … Won, Lost). */
    stages: StageList.optional(),
  })
  .strict();
export type PipelineCreateBody = z.output<typeof PipelineCreateBody>;
export type PipelineCreateInput = z.input<typeof PipelineCreateBody>;

/** Rename or reorder (`position`, 0-based among the company's pipelines). */
export const PipelineUpdateBody = z
  .object({
    name: PipelineName.optional(),
    position: z.number().int().min(0).max(PIPELINE_LIMITS.pipelinesMax).optional(),
    version: z.number({ error: 'required' }).int().min(1),
  })
  .strict();
export type PipelineUpdateBody = z.output<typeof PipelineUpdateBody>;

/** The whole ordered stage list. Removing a stage with deals without naming where they go answers 409 `stage_has_deals`. */
export const StagesPutBody = z
  .object({
    stages: StageList,
    move_deals_to: StageMoves.optional(),
    version: z.number({ error: 'required' }).int().min(1),
  })
  .strict();
export type StagesPutBody = z.output<typeof StagesPutBody>;
export type StagesPutInput = z.input<typeof StagesPutBody>;

/** Deleting a pipeline with deals needs `move_deals_to_pipeline` (its deals go to that pipeline's first open stage, or its won/lost stage by status). */
export const PipelineDeleteQuery = z.object({
  move_deals_to_pipeline: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
