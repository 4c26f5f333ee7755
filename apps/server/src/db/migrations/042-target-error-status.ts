import { type Kysely, sql } from 'kysely';
import { crossCompany } from '../cross-company.ts';
import { isPostgres } from './column-types.ts';

const everyCompany = (db: Kysely<any>) => crossCompany(db, "a migration rewrites every company's targets");

/**
 * A failed publish target keeps the network's HTTP status as a number of its own
 * (docs/decisions/059-social-errors-in-our-codes.md). `error_message` held the network's
 * words, which are never shown; only a three-digit status found there is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('social_post_targets').addColumn('error_status', 'integer').execute();
  const isStatus = isPostgres(db)
    ? sql`error_message ~ '^[0-9]{3}$'`
    : sql`error_message GLOB '[0-9][0-9][0-9]'`;
  await sql`UPDATE social_post_targets SET error_status = CAST(error_message AS INTEGER) WHERE ${isStatus}`.execute(
    everyCompany(db),
  );
  await db.schema.alterTable('social_post_targets').dropColumn('error_message').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('social_post_targets').addColumn('error_message', 'text').execute();
  await sql`UPDATE social_post_targets SET error_message = CAST(error_status AS TEXT) WHERE error_status IS NOT NULL`.execute(
    everyCompany(db),
  );
  await db.schema.alterTable('social_post_targets').dropColumn('error_status').execute();
}
