import type { Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EventOccurrencesTable } from '../../db/schema.ts';
import { type EventRow, hiddenTodos, selectEvents, shownEvents } from './events.repository.ts';

export type OccurrenceRow = Selectable<EventOccurrencesTable>;
export type OccurrencePatch = Omit<Updateable<EventOccurrencesTable>, 'id' | 'company_id' | 'event_id'>;

/**
 * Series that may have occurrences overlapping [from, to): started before `to`
 * and not over before `from`. Series are few next to single to-dos (a partial index).
 */
export async function listSeries(
  db: Database,
  companyId: number,
  c: {
    from?: string | undefined;
    to?: string | undefined;
    assigneeId?: number | undefined;
    customerId?: number | undefined;
    dealId?: number | undefined;
  },
  limit: number,
): Promise<EventRow[]> {
  let query = shownEvents(selectEvents(db), await hiddenTodos(db, companyId))
    .where('e.company_id', '=', companyId)
    .where('e.recurrence', 'is not', null);
  if (c.to !== undefined) query = query.where('e.start_at', '<', c.to);
  if (c.from !== undefined) {
    const from = c.from;
    query = query.where((eb) =>
      eb.or([eb('e.series_until_at', 'is', null), eb('e.series_until_at', '>', from)]),
    );
  }
  if (c.assigneeId !== undefined) query = query.where('e.assignee_id', '=', c.assigneeId);
  if (c.customerId !== undefined) query = query.where('e.customer_id', '=', c.customerId);
  if (c.dealId !== undefined) query = query.where('e.deal_id', '=', c.dealId);
  return query.orderBy('e.start_at').orderBy('e.id').limit(limit).execute();
}

/** The stored differences of these series' occurrences. */
export function listOccurrenceRows(
  db: Database,
  companyId: number,
  eventIds: number[],
): Promise<OccurrenceRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('event_occurrences')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('event_id', 'in', eventIds)
    .execute();
}

export function findOccurrenceRow(
  db: Database,
  companyId: number,
  eventId: number,
  occurrenceStart: string,
): Promise<OccurrenceRow | undefined> {
  return db
    .selectFrom('event_occurrences')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('event_id', '=', eventId)
    .where('occurrence_start', '=', occurrenceStart)
    .executeTakeFirst();
}

/** Writes what differs for one occurrence (creating its row on the first difference). */
export async function saveOccurrenceRow(
  db: Database,
  companyId: number,
  eventId: number,
  occurrenceStart: string,
  patch: OccurrencePatch,
): Promise<void> {
  const at = new Date().toISOString();
  const existing = await findOccurrenceRow(db, companyId, eventId, occurrenceStart);
  if (existing) {
    await db
      .updateTable('event_occurrences')
      .set({ ...patch, updated_at: at })
      .where('company_id', '=', companyId)
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('event_occurrences')
    .values({
      company_id: companyId,
      event_id: eventId,
      occurrence_start: occurrenceStart,
      cancelled: false,
      done: false,
      ...patch,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Drops the differences of occurrences from an instant on (a series ended there). */
export async function deleteOccurrenceRowsFrom(
  db: Database,
  companyId: number,
  eventId: number,
  from: string,
): Promise<void> {
  await db
    .deleteFrom('event_occurrences')
    .where('company_id', '=', companyId)
    .where('event_id', '=', eventId)
    .where('occurrence_start', '>=', from)
    .execute();
}

/** Hands the differences from an instant on to the series that continues there. */
export async function moveOccurrenceRowsFrom(
  db: Database,
  companyId: number,
  fromEventId: number,
  toEventId: number,
  from: string,
): Promise<void> {
  await db
    .updateTable('event_occurrences')
    .set({ event_id: toEventId })
    .where('company_id', '=', companyId)
    .where('event_id', '=', fromEventId)
    .where('occurrence_start', '>=', from)
    .execute();
}

/** Every difference of a series (a series moved as a whole loses them). */
export async function deleteOccurrenceRows(db: Database, companyId: number, eventId: number): Promise<void> {
  await db
    .deleteFrom('event_occurrences')
    .where('company_id', '=', companyId)
    .where('event_id', '=', eventId)
    .execute();
}
