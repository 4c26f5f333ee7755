import type { Kysely } from 'kysely';

/**
 * The language of a company invitation: the one the inviter's screen showed
 * (or chose). An account the invitation creates gets it, so the activation
 * page and mail speak it, also on a re-send by someone using another language.
 * Earlier invitations have none: the inviter's language then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_invitations').addColumn('language', 'varchar(5)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_invitations').dropColumn('language').execute();
}
