import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * The IDLE watch of a mailbox's INBOX (docs/decisions/072-mailbox-idle-watch.md):
 * - mailboxes.idle_owner: the server instance that keeps the IDLE connection open;
 * - mailboxes.idle_until: until when its claim holds unless renewed; a lapsed claim (an
 *   instance that died) may be taken by another instance.
 * - mailboxes.sync_again: a sync run was asked for while another run held the mailbox; the
 *   holder runs once more after it is done, so news during a run is not left to the poll.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema.alterTable('mailboxes').addColumn('idle_owner', 'text').execute();
  await db.schema.alterTable('mailboxes').addColumn('idle_until', t.timestamp).execute();
  await db.schema
    .alterTable('mailboxes')
    .addColumn('sync_again', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mailboxes').dropColumn('sync_again').execute();
  await db.schema.alterTable('mailboxes').dropColumn('idle_until').execute();
  await db.schema.alterTable('mailboxes').dropColumn('idle_owner').execute();
}
