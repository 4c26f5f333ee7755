import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { hiddenTodos } from './events.repository.ts';

/**
 * How many of a company's to-dos are open, and how many of those are over
 * (effective end at or before `now`), from the per-day counters of migration
 * 020 rather than by counting 100,000s of index entries: open is the sum of
 * every day; overdue the sum of the days before today (UTC) plus the open
 * to-dos ending today up to now, one short range of events_done_until_idx.
 */
export async function openTodoCounts(
  db: Database,
  companyId: number,
  now: string,
): Promise<{ open: number; overdue: number }> {
  const todayStart = `${now.slice(0, 10)}T00:00:00.000Z`;
  const hidden = await hiddenTodos(db, companyId);
  const [sums, endedToday] = await Promise.all([
    db
      .selectFrom('event_counts')
      .select([
        sql<number>`coalesce(sum(n_open), 0)`.as('open'),
        sql<number>`coalesce(sum(case when day < ${now.slice(0, 10)} then n_open else 0 end), 0)`.as(
          'before',
        ),
      ])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
    visibleOnly(
      db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('done', '=', false)
        .where('until_at', '>=', todayStart)
        .where('until_at', '<=', now),
      null,
      hidden,
    ).executeTakeFirstOrThrow(),
  ]);
  return { open: Number(sums.open), overdue: Number(sums.before) + Number(endedToday.n) };
}

/** The earliest end after `now` of an open to-do (when "overdue" next changes by the clock alone). */
export async function nextOpenEnd(db: Database, companyId: number, now: string): Promise<string | null> {
  const query = db
    .selectFrom('events')
    .select('until_at')
    .where('company_id', '=', companyId)
    .where('done', '=', false)
    .where('until_at', '>', now)
    .orderBy('until_at')
    .limit(1);
  const row = await visibleOnly(query, null, await hiddenTodos(db, companyId)).executeTakeFirst();
  return row?.until_at ?? null;
}
