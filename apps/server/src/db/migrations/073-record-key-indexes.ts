import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Deleting a customer, a deal or a to-do finds the rows that hang from it by their foreign key
 * (docs/decisions/114-record-lookups-never-walk-the-company.md). Where no index starts with that
 * key, each delete read a whole table: every company's outgoing mail (`email_outbox`), mail
 * links (`email_customers`), organisation links (`customer_organisations.organisation_id`) and
 * occurrences (`event_occurrences`). These indexes start with the key, on both engines.
 *
 * SQLite also walked the company's own rows where an index does start with the key: without
 * statistics it rates an equality on the first column of any index alike, and took the
 * (company_id, …) index for `company_id = ? and customer_id = ?`. Two places cannot say
 * otherwise in their SQL, the foreign keys on (company_id, customer_id) of a customer's tags and
 * to-dos:
 * - tags: a (customer_id, company_id) index matches both of the key's columns, so it is chosen;
 * - to-dos: their customer index becomes (customer_id, company_id, start_at, id), which answers a
 *   customer's to-dos in date order as before and matches both columns of the key;
 * - the trigger unlinking a deleted customer's to-dos says `+company_id` (db/company-guard.ts).
 * At 285,000 customers a deleted customer cost 95 ms this way; an import that failed deletes
 * its hidden rows 500 a statement. PostgreSQL plans from its statistics: no change there.
 */
/** Name, table, key; `true`: the key may be null, and the index keeps only the rows naming a record. */
const KEY_INDEXES = [
  ['email_outbox_customer_idx', 'email_outbox', 'customer_id', true],
  ['email_outbox_deal_idx', 'email_outbox', 'deal_id', true],
  ['email_outbox_email_idx', 'email_outbox', 'email_id', true],
  ['email_customers_by_customer_idx', 'email_customers', 'customer_id', false],
  ['customer_organisations_by_org_idx', 'customer_organisations', 'organisation_id', false],
  ['event_occurrences_by_event_idx', 'event_occurrences', 'event_id', false],
] as const;

const unlinkTrigger = (company: string) =>
  sql.raw(`CREATE TRIGGER events_unlink_customer BEFORE DELETE ON customers BEGIN
      UPDATE events SET customer_id = NULL WHERE ${company} = old.company_id AND customer_id = old.id;
    END`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column, nullable] of KEY_INDEXES) {
    const index = db.schema.createIndex(name).ifNotExists().on(table).column(column);
    await (nullable ? index.where(sql.ref(column), 'is not', null) : index).execute();
  }
  if (isPostgres(db)) return;
  await db.schema
    .createIndex('customer_tags_customer_idx')
    .ifNotExists()
    .on('customer_tags')
    .columns(['customer_id', 'company_id'])
    .execute();
  await customerTodoIndex(db, ['customer_id', 'company_id', 'start_at', 'id']);
  await sql`DROP TRIGGER IF EXISTS events_unlink_customer`.execute(db);
  await unlinkTrigger('+company_id').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of KEY_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  if (isPostgres(db)) return;
  await db.schema.dropIndex('customer_tags_customer_idx').ifExists().execute();
  await customerTodoIndex(db, ['customer_id', 'start_at', 'id']);
  await sql`DROP TRIGGER IF EXISTS events_unlink_customer`.execute(db);
  await unlinkTrigger('company_id').execute(db);
}

async function customerTodoIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('events_customer_idx').ifExists().execute();
  await db.schema.createIndex('events_customer_idx').on('events').columns(columns).execute();
}
