import {
  CHANGE_FEED_LIMITS,
  type ChangeEntityType,
  type ChangeEntry,
  type ChangeType,
  type FieldChange,
} from '@kontora/contract/change-feed';
import type { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { ChangeActorRef } from '../../lib/actor.ts';
import {
  type ChangeEventRow,
  deleteOldestChangeEventsBefore,
  insertChangeEvent,
  listChangeEventsAcrossCompanies,
  listCompanyChangeEvents,
  type RelayPosition,
} from './change-feed.repository.ts';

// Who changed something is an actor's business (lib/actor.ts); the feed's callers name it from here too.
export { byActor, byUser, type ChangeActorRef } from '../../lib/actor.ts';
export type { RelayPosition } from './change-feed.repository.ts';

export interface ChangeInput {
  companyId: number;
  type: ChangeType;
  entity: { type: ChangeEntityType; id: number | null };
  /** The entity's version after the change (customers, events). */
  version?: number | null;
  actor: ChangeActorRef;
  changes?: FieldChange[] | null;
  data?: Record<string, unknown> | null;
}

/**
 * Whether changes get their feed entry: an app's is `ctx.benchOnlyChangeFeed`, which only
 * `npm run bench` turns off, to time a customer update without its change event; nothing
 * else may (a change without its event is lost to every consumer).
 */
export interface ChangeFeedSwitch {
  enabled: boolean;
}

const ALWAYS: ChangeFeedSwitch = Object.freeze({ enabled: true });

/**
 * Records one change. Call it with the transaction that makes the change, as
 * its last statement where possible (on PostgreSQL it holds the company's feed
 * lock until commit): the entry exists exactly when the change does.
 *
 * `along`: the change's last other writes (e.g. its timeline entry), whose
 * results are not needed, compiled and not yet run; they go to the database in
 * the same statement as the entry, so the entry adds no round trip.
 * `feed`: the app's bench-only switch, passed by the writes the bench times (customers).
 */
export async function recordChange(
  db: Database,
  input: ChangeInput,
  along?: CompiledQuery | readonly CompiledQuery[],
  feed: ChangeFeedSwitch = ALWAYS,
): Promise<number> {
  if (!feed.enabled) {
    for (const other of along === undefined ? [] : 'sql' in along ? [along] : along)
      await db.executeQuery(other);
    return 0;
  }
  return insertChangeEvent(
    db,
    {
      company_id: input.companyId,
      type: input.type,
      entity_type: input.entity.type,
      entity_id: input.entity.id,
      entity_version: input.version ?? null,
      actor_kind: input.actor.kind,
      actor_id: input.actor.kind === 'system' ? null : input.actor.id,
      actor_name: input.actor.name ?? null,
      changes: input.changes ? JSON.stringify(input.changes) : null,
      data: input.data ? JSON.stringify(input.data) : null,
      created_at: new Date().toISOString(),
    },
    along,
  );
}

/** `changes` for the fields that differ between two snapshots (as `changedFields` of the audit gives them). */
export function fieldChanges(diff: { before: object; after: object }): FieldChange[] {
  const before = diff.before as Record<string, unknown>;
  return Object.entries(diff.after).map(([field, after]) => ({
    field,
    before: before[field] ?? null,
    after,
  }));
}

const parse = (json: string | null) => (json === null ? null : JSON.parse(json));

function toEntry(row: ChangeEventRow): ChangeEntry {
  return {
    id: Number(row.id),
    company_id: row.company_id,
    type: row.type as ChangeType,
    entity: { type: row.entity_type as ChangeEntityType, id: row.entity_id },
    entity_version: row.entity_version,
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
    changes: parse(row.changes),
    data: parse(row.data),
    created_at: row.created_at,
  };
}

const clampLimit = (limit: number) => Math.max(1, Math.min(CHANGE_FEED_LIMITS.pageMax, Math.trunc(limit)));

/**
 * A company's entries after `afterId` (0 for the oldest kept), oldest first.
 * A reader that keeps the last id it got and asks again misses nothing: a
 * company's entries become visible in id order (docs/decisions/009).
 */
export async function readChanges(
  ctx: AppContext,
  companyId: number,
  afterId: number,
  limit: number,
): Promise<ChangeEntry[]> {
  const rows = await listCompanyChangeEvents(ctx.db, companyId, afterId, clampLimit(limit));
  return rows.map(toEntry);
}

export const RELAY_START: RelayPosition = { tx: '0', id: 0 };

/**
 * Entries of every company after a relay's position, for relays that move the
 * feed elsewhere (webhook deliveries, connector push). Keep `next` and pass it
 * back; entries of transactions still running wait for a later read.
 */
export async function readChangesForRelay(
  ctx: AppContext,
  after: RelayPosition,
  limit: number,
): Promise<{ items: ChangeEntry[]; next: RelayPosition }> {
  const rows = await listChangeEventsAcrossCompanies(ctx.db, after, clampLimit(limit));
  const last = rows.at(-1);
  return { items: rows.map(toEntry), next: last ? { tx: last.tx_id, id: Number(last.id) } : after };
}

/** Rows one prune statement deletes, so a large backlog never holds a long lock. */
const PRUNE_BATCH = 5000;

/**
 * Deletes entries older than `olderThan` (default: CHANGE_FEED_DAYS ago), in
 * all companies; answers how many. Meant for a periodic job.
 */
export async function pruneChangeFeed(
  ctx: AppContext,
  olderThan = new Date(Date.now() - ctx.config.changeFeedDays * 86_400_000),
): Promise<number> {
  const cutoff = olderThan.toISOString();
  let total = 0;
  for (;;) {
    // A batch with a newer entry in it marks the end; an older entry behind it waits for the next run.
    const deleted = await deleteOldestChangeEventsBefore(ctx.db, cutoff, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}
