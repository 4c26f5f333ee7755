import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { DB, NotificationsTable } from '../../db/schema.ts';

/*
 * A person's notifications span their companies: every read and write here is the
 * person's own (by user_id), so they run on crossCompany handles. What a person sees is
 * further limited to companies they are still a member of (invitations excepted: they
 * are about a company the person is not in yet).
 */
const PERSON_SIDE = "a person's notifications span the companies they are in; scoped by user_id";

export type NewNotification = Omit<Insertable<NotificationsTable>, 'id' | 'read_at'>;

/** The new row's id; undefined when the same occasion was notified already (its dedupe key). */
export async function insertNotification(db: Database, row: NewNotification): Promise<number | undefined> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Visible: still a member of the company, or an invitation (to a company the person is not in yet). */
function visible(userId: number) {
  return (eb: ExpressionBuilder<DB & { n: DB['notifications'] }, 'n'>) =>
    eb.and([
      eb('n.user_id', '=', userId),
      eb.or([
        eb('n.kind', '=', 'invitation'),
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select(sql`1`.as('one'))
            .whereRef('m.company_id', '=', 'n.company_id')
            .where('m.user_id', '=', userId),
        ),
      ]),
    ]);
}

export function listNotifications(
  db: Database,
  userId: number,
  opts: { unreadOnly: boolean; beforeId: number | undefined; limit: number },
) {
  let q = crossCompany(db, PERSON_SIDE)
    .selectFrom('notifications as n')
    .innerJoin('companies as c', 'c.id', 'n.company_id')
    .select([
      'n.id',
      'n.company_id',
      'c.name as company_name',
      'n.kind',
      'n.route',
      'n.data',
      'n.read_at',
      'n.created_at',
    ])
    .where(visible(userId));
  if (opts.unreadOnly) q = q.where('n.read_at', 'is', null);
  if (opts.beforeId !== undefined) q = q.where('n.id', '<', opts.beforeId);
  return q.orderBy('n.id', 'desc').limit(opts.limit).execute();
}

export async function countUnread(db: Database, userId: number): Promise<number> {
  const row = await crossCompany(db, PERSON_SIDE)
    .selectFrom('notifications as n')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(visible(userId))
    .where('n.read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks one read (again: the first time stays); false when it is not the person's to see. */
export async function markRead(db: Database, userId: number, id: number, at: string): Promise<boolean> {
  const row = await crossCompany(db, PERSON_SIDE)
    .selectFrom('notifications as n')
    .select(['n.id', 'n.read_at'])
    .where(visible(userId))
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  if (row.read_at === null) {
    await crossCompany(db, PERSON_SIDE)
      .updateTable('notifications')
      .set({ read_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
  return true;
}

/** Marks every unread one read; answers how many. */
export async function markAllRead(db: Database, userId: number, at: string): Promise<number> {
  const result = await crossCompany(db, PERSON_SIDE)
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes those made before `before` (kept 90 days, read or not). */
export async function deleteNotificationsBefore(db: Database, before: string): Promise<number> {
  const result = await crossCompany(db, 'notifications are pruned by age across companies')
    .deleteFrom('notifications')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Notifications made after `afterId`, oldest first, for the live tailer: whom to tell. */
export function notificationsAfter(db: Database, afterId: number, limit: number) {
  return crossCompany(
    db,
    'the live tailer tells each person of their new notifications, whatever the company',
  )
    .selectFrom('notifications')
    .select(['id', 'user_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function newestNotificationId(db: Database): Promise<number> {
  const row = await crossCompany(db, 'the live tailer starts after the newest notification')
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}
