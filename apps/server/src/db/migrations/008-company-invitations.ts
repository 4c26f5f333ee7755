import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Joining a company by consent (decision 011): adding someone by email makes an
 * invitation they accept or decline. Company-owned (`company_id`); the invitee
 * is named by email, since someone without an account is invited too. The
 * accept/decline link's token is stored only as a hash (null until mailed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('company_invitations')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // pending | accepted | declined | revoked; "expired" is a pending one past expires_at.
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('responded_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The team's pending list and "already invited" check; the person's own list by email.
  await db.schema
    .createIndex('company_invitations_company_idx')
    .on('company_invitations')
    .columns(['company_id', 'status', 'email'])
    .execute();
  await db.schema
    .createIndex('company_invitations_email_idx')
    .on('company_invitations')
    .columns(['email', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_invitations').ifExists().execute();
}
