import type { Kysely } from 'kysely';

/**
 * When a company's working day starts, as "HH:MM" in its own time zone: the
 * calendar's week and day views open scrolled there instead of at midnight.
 * Existing companies get 08:00, the product's default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('workday_start', 'varchar(5)', (c) => c.notNull().defaultTo('08:00'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('workday_start').execute();
}
