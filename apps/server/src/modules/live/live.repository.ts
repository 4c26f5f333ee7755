import { sql } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { RelayPosition } from '../change-feed/change-feed.service.ts';

/** The id of a company's newest change-feed entry (0 when it has none): where a new subscriber resumes from. */
export async function newestChangeId(db: Database, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('id').as('newest'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/**
 * CROSS-COMPANY (the live tailer's start): the relay position of the newest
 * entry every reader may already see, so a starting instance pushes only what
 * commits from now on (a reconnecting client gets the rest by its resume).
 * Uses the (tx_id, id) index of the relay reader (decision 009).
 */
export async function feedEnd(db: Database): Promise<RelayPosition> {
  const all = crossCompany(db, 'the live tailer starts at the end of every company feed');
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ tx_id: string; id: number }>`select tx_id::text as tx_id, id
      from change_events
      where tx_id < pg_snapshot_xmin(pg_current_snapshot())
      order by tx_id desc, id desc
      limit 1`.execute(all);
    const last = rows[0];
    return last ? { tx: last.tx_id, id: Number(last.id) } : { tx: '0', id: 0 };
  }
  const row = await all
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('id').as('newest'))
    .executeTakeFirst();
  return { tx: '0', id: Number(row?.newest ?? 0) };
}
