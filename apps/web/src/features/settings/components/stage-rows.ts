import { STAGE_KINDS, type StageKind } from '@kontora/contract/deal-values';
import type { Pipeline, StageInput } from '@kontora/contract/pipelines';

/** A stage as the editor holds it: numbers as typed text, '' for "the kind's default" or "never". */
export type StageRow = {
  key: string;
  id?: number;
  name: string;
  kind: StageKind;
  probability: string;
  rotting_days: string;
};

export const KINDS = STAGE_KINDS;

export const rowsOf = (pipeline: Pipeline): StageRow[] =>
  pipeline.stages.map((stage) => ({
    key: String(stage.id),
    id: stage.id,
    name: stage.name,
    kind: stage.kind,
    probability: String(stage.probability),
    rotting_days: stage.rotting_days === null ? '' : String(stage.rotting_days),
  }));

const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The `PUT …/stages` list. */
export const stagesOf = (rows: readonly StageRow[]): StageInput[] =>
  rows.map((row) => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    name: row.name,
    kind: row.kind,
    ...(whole(row.probability) === undefined ? {} : { probability: whole(row.probability) }),
    rotting_days: whole(row.rotting_days) ?? null,
  }));

/** Where a removed stage's deals may go: a kept stage by id, a new one as `new:<index>`. */
export const targetsOf = (rows: readonly StageRow[]): { value: string; label: string }[] =>
  rows.map((row, index) => ({
    value: row.id === undefined ? `new:${index}` : String(row.id),
    label: row.name,
  }));

/** Per-row problems of a 400's `details` (`stages.2.name` → row 2, field name). */
export function rowProblems(
  details: Record<string, string[]>,
): Record<number, Partial<Record<string, string>>> {
  const out: Record<number, Partial<Record<string, string>>> = {};
  for (const [path, codes] of Object.entries(details)) {
    const match = /^stages\.(\d+)\.(\w+)$/.exec(path);
    if (!match || !codes[0]) continue;
    const index = Number(match[1]);
    out[index] = { ...out[index], [match[2] as string]: codes[0] };
  }
  return out;
}

/** The chosen targets as the API takes them: a kept stage's id as a number, a new one as `new:<index>`. */
export const moveTargets = (moves: Record<string, string>): Record<string, number | string> =>
  Object.fromEntries(Object.entries(moves).map(([from, to]) => [from, /^\d+$/.test(to) ? Number(to) : to]));
