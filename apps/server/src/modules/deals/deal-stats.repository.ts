import { type CompiledQuery, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { DealStatsTable } from '../../db/schema.ts';
import { hiddenImportsOf, visibleSql } from '../../lib/csv-import/import-visibility.ts';

/**
 * The forecast's figures (`deal_stats`, migration 033), kept by the deals' write door in
 * the transaction of every deal write, so a forecast reads a few hundred rows however many
 * deals there are (docs/decisions/051-deals-and-pipelines.md). Beside them, the open deals
 * now in each stage (kind `stage`, migration 040): the board's open columns' counts and
 * totals without reading their deals (docs/decisions/063-board-and-move-statements.md).
 */

/** What a deal adds to the figures, as the door sees it. */
export interface StatsDeal {
  pipeline_id: number;
  stage_id: number;
  owner_id: number | null;
  currency: string;
  status: 'open' | 'won' | 'lost';
  amount_cents: number | null;
  /** The probability in force (the deal's own, else its stage's). */
  probability: number;
  expected_close_date: string | null;
  closed_at: string | null;
  created_at: string;
}

/** One row's worth of figures to add (negative: to take away). */
export type StatsDelta = Omit<DealStatsTable, 'company_id'>;

/** The rows a deal counts in, with sign +1 (it counts) or −1 (it no longer counts). */
export function contribution(deal: StatsDeal, sign: 1 | -1): StatsDelta[] {
  const amount = deal.amount_cents ?? 0;
  const base = {
    pipeline_id: deal.pipeline_id,
    owner_id: deal.owner_id ?? 0,
    currency: deal.currency,
    stage_id: 0,
    n: sign,
    amount_cents: sign * amount,
  };
  if (deal.status === 'open') {
    return [
      {
        ...base,
        kind: 'open',
        month: deal.expected_close_date?.slice(0, 7) ?? '',
        weighted: sign * amount * deal.probability,
        seconds: 0,
      },
      { ...base, kind: 'stage', month: '', stage_id: deal.stage_id, weighted: 0, seconds: 0 },
    ];
  }
  const closed = deal.closed_at ?? deal.created_at;
  const seconds =
    deal.status === 'won'
      ? Math.max(0, Math.floor((Date.parse(closed) - Date.parse(deal.created_at)) / 1000))
      : 0;
  return [{ ...base, kind: deal.status, month: closed.slice(0, 7), weighted: 0, seconds: sign * seconds }];
}

/** Stage entries (for the stage conversion): one count each, in the month they happened. */
export function entered(
  pipelineId: number,
  ownerId: number | null,
  stageIds: number[],
  at: string,
): StatsDelta[] {
  return stageIds.map((stage_id) => ({
    pipeline_id: pipelineId,
    owner_id: ownerId ?? 0,
    currency: '',
    kind: 'entered',
    month: at.slice(0, 7),
    stage_id,
    n: 1,
    amount_cents: 0,
    weighted: 0,
    seconds: 0,
  }));
}

const keyOf = (d: StatsDelta) =>
  `${d.pipeline_id}|${d.owner_id}|${d.currency}|${d.kind}|${d.month}|${d.stage_id}`;

/** The deltas added up, one per figures' row (those that cancel out left out). */
export function mergeStats(deltas: readonly StatsDelta[]): StatsDelta[] {
  const merged = new Map<string, StatsDelta>();
  for (const d of deltas) {
    const key = keyOf(d);
    const m = merged.get(key);
    if (!m) merged.set(key, { ...d });
    else {
      m.n += d.n;
      m.amount_cents += d.amount_cents;
      m.weighted += d.weighted;
      m.seconds += d.seconds;
    }
  }
  return [...merged.values()].filter(
    (d) => d.n !== 0 || d.amount_cents !== 0 || d.weighted !== 0 || d.seconds !== 0,
  );
}

/** Adds the deltas (those that cancel out are not written). */
export async function applyStats(db: Database, companyId: number, deltas: StatsDelta[]): Promise<void> {
  const upsert = statsUpsert(db, companyId, deltas);
  if (upsert) await db.executeQuery(upsert);
}

/** The statement that adds the deltas, compiled, not run (undefined: they cancel out). */
export function statsUpsert(
  db: Database,
  companyId: number,
  deltas: StatsDelta[],
): CompiledQuery | undefined {
  const rows = mergeStats(deltas);
  if (rows.length === 0) return undefined;
  return db
    .insertInto('deal_stats')
    .values(rows.map((d) => ({ company_id: companyId, ...d })))
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'pipeline_id', 'owner_id', 'currency', 'kind', 'month', 'stage_id'])
        .doUpdateSet((eb) => ({
          n: eb('deal_stats.n', '+', eb.ref('excluded.n')),
          amount_cents: eb('deal_stats.amount_cents', '+', eb.ref('excluded.amount_cents')),
          weighted: eb('deal_stats.weighted', '+', eb.ref('excluded.weighted')),
          seconds: eb('deal_stats.seconds', '+', eb.ref('excluded.seconds')),
        })),
    )
    .compile();
}

/**
 * The open figures of a pipeline computed again from its deals: a stage's probability
 * changed, and with it the weighted value of every deal that follows it.
 */
export async function rebuildOpenStats(db: Database, companyId: number, pipelineId: number): Promise<void> {
  // The deals of an import under way are added by its flip (decision 104), not here.
  const shown = visibleSql('d', await hiddenImportsOf(db, companyId, ['deals']));
  await db
    .deleteFrom('deal_stats')
    .where('company_id', '=', companyId)
    .where('pipeline_id', '=', pipelineId)
    .where('kind', '=', 'open')
    .execute();
  await sql`insert into deal_stats
      (company_id, pipeline_id, owner_id, currency, kind, month, stage_id, n, amount_cents, weighted, seconds)
    select d.company_id, d.pipeline_id, coalesce(d.owner_id, 0), d.currency, 'open',
      coalesce(substr(d.expected_close_date, 1, 7), ''), 0, count(*), sum(coalesce(d.amount_cents, 0)),
      sum(coalesce(d.amount_cents, 0) * coalesce(d.probability, s.probability)), 0
    from deals d join pipeline_stages s on s.id = d.stage_id and s.company_id = d.company_id
    where d.company_id = ${companyId} and d.pipeline_id = ${pipelineId} and d.status = 'open' ${shown}
    group by d.company_id, d.pipeline_id, coalesce(d.owner_id, 0), d.currency,
      coalesce(substr(d.expected_close_date, 1, 7), '')`.execute(db);
}

/**
 * The open, won, lost and per-stage figures of the whole company computed again from its
 * deals (the stage entries are history and stay): for deals written around the door (a bulk
 * seed) or an owner's account deleted since (its deals' owner became null).
 */
export async function rebuildDealStats(db: Database, companyId: number): Promise<void> {
  // The deals of an import under way are added by its flip (decision 104), not here.
  const hidden = await hiddenImportsOf(db, companyId, ['deals']);
  await db
    .deleteFrom('deal_stats')
    .where('company_id', '=', companyId)
    .where('kind', 'in', ['open', 'won', 'lost', 'stage'])
    .execute();
  await sql`insert into deal_stats
      (company_id, pipeline_id, owner_id, currency, kind, month, stage_id, n, amount_cents, weighted, seconds)
    select company_id, pipeline_id, coalesce(owner_id, 0), currency, 'stage', '', stage_id, count(*),
      sum(coalesce(amount_cents, 0)), 0, 0
    from deals
    where company_id = ${companyId} and status = 'open' ${visibleSql(null, hidden)}
    group by company_id, pipeline_id, coalesce(owner_id, 0), currency, stage_id`.execute(db);
  const month = sql`case when d.status = 'open' then coalesce(substr(d.expected_close_date, 1, 7), '')
    else substr(${sql.raw(isoText('d.closed_at', db))}, 1, 7) end`;
  const seconds = sql`case when d.status = 'won' then ${sql.raw(secondsBetween('d.created_at', 'd.closed_at', db))} else 0 end`;
  await sql`insert into deal_stats
      (company_id, pipeline_id, owner_id, currency, kind, month, stage_id, n, amount_cents, weighted, seconds)
    select d.company_id, d.pipeline_id, coalesce(d.owner_id, 0), d.currency, d.status, ${month}, 0, count(*),
      sum(coalesce(d.amount_cents, 0)),
      sum(case when d.status = 'open' then coalesce(d.amount_cents, 0) * coalesce(d.probability, s.probability) else 0 end),
      sum(${seconds})
    from deals d join pipeline_stages s on s.id = d.stage_id and s.company_id = d.company_id
    where d.company_id = ${companyId} ${visibleSql('d', hidden)}
    group by d.company_id, d.pipeline_id, coalesce(d.owner_id, 0), d.currency, d.status, ${month}`.execute(
    db,
  );
}

const isPg = (db: Database) => dialectOf(db) === 'postgres';
/** A timestamp column as ISO text (UTC) on both databases. */
const isoText = (column: string, db: Database) =>
  isPg(db) ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')` : column;
const secondsBetween = (from: string, to: string, db: Database) =>
  isPg(db)
    ? `floor(extract(epoch from (${to} - ${from})))::bigint`
    : `cast((julianday(${to}) - julianday(${from})) * 86400 as integer)`;
