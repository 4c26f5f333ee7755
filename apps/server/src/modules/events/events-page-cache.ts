import type { EventListQuery } from '@kontora/contract/events';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { TaggedCache } from '../../lib/tagged-cache.ts';
import { listEventPage } from './events.service.ts';

/**
 * Answers of the to-do list (the serialised `{data}` JSON) by company, the
 * company's `event_versions` number and the query (decision 026). The
 * calendar asks for the same month again and again; computing it means 500
 * rows with their customers' and assignees' names, expanded series, and
 * serialising ~270 kB.
 *
 * The number is changed by triggers in the transaction of every write that
 * changes what an answer shows (migration 029), and it is read before the
 * rows: a request that reads the new number reads the new rows, on any
 * instance, whoever wrote them — nothing to evict, nothing to broadcast. (An
 * answer computed while a write commits may already show it under the old
 * number; that is newer, never older, than what the number promises.) The
 * TTL only bounds memory held for a company nobody asks about.
 *
 * Only answers that do not depend on the clock are kept: an end (`to`) is
 * given — without one a descending list looks a year past now — and none of
 * the filters today, overdue, upcoming. `mine` is keyed by the person.
 */
export class EventPageCache extends TaggedCache<Buffer> {
  /** Latest version seen per company: an answer under an older one can no longer be asked for. */
  readonly seenVersions = new Map<number, number>();
}

export const createEventPageCache = () => new EventPageCache(60_000, 100);

const CLOCK_FILTERS = new Set(['today', 'overdue', 'upcoming']);

export function cacheableQuery(query: EventListQuery): boolean {
  return query.to !== undefined && !(query.filter ?? []).some((f) => CLOCK_FILTERS.has(f));
}

/** The company's to-do version (0 before its first to-do write). */
export async function eventsVersion(db: Database, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('event_versions')
    .select('version')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** The entry of an answer: company, version, the person when it is "mine", the parsed query. */
export function cacheKey(actor: Actor, version: number, query: EventListQuery): string {
  const mine = query.filter?.includes('mine') ? `u${authorIdOf(actor) ?? '-'}` : '';
  return `${actor.companyId}:${version}:${mine}?${JSON.stringify(query)}`;
}

/**
 * The list answer as the route sends it, from the cache while the company's to-dos are unchanged;
 * `fresh` (the request's `Cache-Control: no-cache`) computes it now, and stores it.
 */
export async function eventListAnswer(
  ctx: AppContext,
  actor: Actor,
  query: EventListQuery,
  fresh = false,
): Promise<Buffer> {
  // Kept as bytes: a month is ~270 kB, encoded once rather than on every request.
  const compute = async () => Buffer.from(JSON.stringify({ data: await listEventPage(ctx, actor, query) }));
  if (!cacheableQuery(query)) return compute();
  const { companyId } = actor;
  const version = await eventsVersion(ctx.db, companyId);
  const pages = ctx.caches.eventPages;
  const previous = pages.seenVersions.get(companyId);
  if (previous !== undefined && previous < version) pages.evict(companyId);
  if (previous === undefined || previous < version) pages.seenVersions.set(companyId, version);
  const key = cacheKey(actor, version, query);
  let body = fresh ? undefined : pages.get(key);
  if (body === undefined) {
    body = await compute();
    pages.set(key, companyId, body);
  }
  return body;
}
