import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Two-factor sign-in (TOTP + recovery codes) and a company's "require
 * two-factor" setting. One TOTP row per person: `enabled_at` null while an
 * enrolment waits for its first valid code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM under SECRET_KEY; never stored in the clear.
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('enabled_at', t.timestamp)
    // The 30-second step of the last accepted code: a code is refused in a step already used.
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .alterTable('companies')
    .addColumn('require_two_factor', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('require_two_factor').execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.dropTable('two_factor').ifExists().execute();
}
