import { sql } from 'kysely';
import { companyGuard } from '../../db/company-guard.ts';
import type { Database } from '../../db/database.ts';

/**
 * Where a deal sits in its column (docs/decisions/051-deals-and-pipelines.md): sparse
 * 64-bit integers, ascending, ties broken by id. A new or moved deal takes a number
 * between its new neighbours, so a move writes one row; only when two neighbours have no
 * number left between them is the column renumbered (one UPDATE per deal, rare: every
 * insertion at the same place halves the gap, and a gap starts at 2^16).
 */
export const POSITION_STEP = 65_536;

export interface Column {
  companyId: number;
  pipelineId: number;
  stageId: number;
}

/** Where to put a deal: at the top of the column, or next to one of its deals. */
export type Placement = { kind: 'top' } | { kind: 'before' | 'after'; id: number };

type Slot = { position: number; id: number };

function columnQuery(db: Database, column: Column, exceptId: number | null) {
  let query = db
    .selectFrom('deals')
    .select(['position', 'id'])
    .where('company_id', '=', column.companyId)
    .where('pipeline_id', '=', column.pipelineId)
    .where('stage_id', '=', column.stageId);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query;
}

/**
 * The anchor (the deal named by the placement, if it is in the column) and its neighbour on
 * the side the deal goes, in one statement: the column's range from the anchor on, two rows.
 */
async function anchorAndNeighbour(
  db: Database,
  column: Column,
  anchorId: number,
  dir: 'asc' | 'desc',
  exceptId: number | null,
): Promise<Slot[]> {
  const anchor = columnQuery(db, column, exceptId).where('id', '=', anchorId);
  const rows = await columnQuery(db, column, exceptId)
    .where(
      dir === 'asc' ? sql<boolean>`(position, id) >= ${anchor}` : sql<boolean>`(position, id) <= ${anchor}`,
    )
    .orderBy('position', dir)
    .orderBy('id', dir)
    .limit(2)
    .execute();
  return rows.map((r) => ({ position: Number(r.position), id: r.id }));
}

/**
 * The position for a deal (`movingId`, null for a new one) placed in the column. Answers
 * undefined when `placement` names a deal that is not in the column (the caller answers 400).
 */
export async function positionFor(
  db: Database,
  column: Column,
  placement: Placement,
  movingId: number | null,
): Promise<number | undefined> {
  if (placement.kind === 'top') {
    const first = await columnQuery(db, column, movingId)
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return first ? Number(first.position) - POSITION_STEP : 0;
  }
  const [anchor, other] = await anchorAndNeighbour(
    db,
    column,
    placement.id,
    placement.kind === 'before' ? 'desc' : 'asc',
    movingId,
  );
  if (anchor?.id !== placement.id) return undefined;
  if (!other) return anchor.position + (placement.kind === 'before' ? -POSITION_STEP : POSITION_STEP);
  const [low, high] = placement.kind === 'before' ? [other, anchor] : [anchor, other];
  if (high.position - low.position >= 2) return Math.floor((low.position + high.position) / 2);
  await renumber(db, column, movingId);
  return positionFor(db, column, placement, movingId);
}

/** Spreads the column's deals (but the one moving) POSITION_STEP apart, in their order. */
async function renumber(db: Database, column: Column, exceptId: number | null): Promise<void> {
  const rows = await columnQuery(db, column, exceptId).orderBy('position').orderBy('id').execute();
  for (let i = 0; i < rows.length; i += 500) {
    const slice = rows.slice(i, i + 500);
    const cases = sql.join(
      slice.map((r, j) => sql`when ${r.id} then cast(${(i + j) * POSITION_STEP} as bigint)`),
      sql` `,
    );
    await db
      .updateTable('deals')
      .set({ position: sql<number>`case id ${cases} end` })
      .where(companyGuard('company_id'), '=', column.companyId)
      .where(
        'id',
        'in',
        slice.map((r) => r.id),
      )
      .execute();
  }
}
