import type { Kysely } from 'kysely';

/**
 * Indexes for the admin lists: a company's audit history (newest first) and
 * people filtered by status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_company_idx')
    .on('audit_entries')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('users_status_idx').on('users').columns(['status', 'full_name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_status_idx').ifExists().execute();
  await db.schema.dropIndex('audit_company_idx').ifExists().execute();
}
