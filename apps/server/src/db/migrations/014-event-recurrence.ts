import { type Kysely, sql } from 'kysely';
import { types } from './column-types.ts';

/**
 * Recurring to-dos and reminders (decision 018). A series stays one `events`
 * row with its RRULE; occurrences are expanded on read, so only what differs
 * from the rule is stored: one `event_occurrences` row per changed, cancelled
 * or completed occurrence, keyed by the occurrence's original start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema.alterTable('events').addColumn('recurrence', 'varchar(300)').execute();
  // JSON array of minutes before the start.
  await db.schema.alterTable('events').addColumn('reminders', 'varchar(100)').execute();
  // The end of the series' last occurrence; null for one that never ends (or a single to-do).
  await db.schema.alterTable('events').addColumn('series_until_at', t.timestamp).execute();
  // Range queries look series up apart from single to-dos: few rows, found by company.
  await db.schema
    .createIndex('events_series_idx')
    .on('events')
    .columns(['company_id', 'start_at'])
    .where(sql.ref('recurrence'), 'is not', null)
    .execute();

  await db.schema
    .createTable('event_occurrences')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    /** The occurrence's start as the rule gives it (ISO, UTC). */
    .addColumn('occurrence_start', t.timestamp, (c) => c.notNull())
    .addColumn('cancelled', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('done', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('completed_at', t.timestamp)
    // Overrides for this occurrence alone ("this one"); null keeps the series' value.
    .addColumn('start_at', t.timestamp)
    .addColumn('end_at', t.timestamp)
    .addColumn('all_day', t.boolean)
    /** JSON object of other overridden fields (title, description, priority…). */
    .addColumn('overrides', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_occurrences_event_idx')
    .on('event_occurrences')
    .columns(['company_id', 'event_id', 'occurrence_start'])
    .unique()
    .execute();

  // One private feed per person and company; the token is stored only as its hash.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // The token is HMAC(SECRET_KEY, nonce): the address can be shown again, but not from the database alone.
    .addColumn('token_nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_feeds_member_idx')
    .on('calendar_feeds')
    .columns(['company_id', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
  await db.schema.dropTable('event_occurrences').ifExists().execute();
  await db.schema.dropIndex('events_series_idx').ifExists().execute();
  await db.schema.alterTable('events').dropColumn('series_until_at').execute();
  await db.schema.alterTable('events').dropColumn('reminders').execute();
  await db.schema.alterTable('events').dropColumn('recurrence').execute();
}
