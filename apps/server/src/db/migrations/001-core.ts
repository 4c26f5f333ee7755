import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/** People, companies, memberships, modules, sessions, one-time tokens, audit, social catalogue. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', t.id)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('is_admin', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('invited'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('hr'))
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_login_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('legal_name', 'varchar(200)')
    .addColumn('oib', 'varchar(32)')
    .addColumn('address', 'varchar(500)')
    .addColumn('country', 'varchar(2)')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Europe/Zagreb'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('companies_name_idx').on('companies').column('name').execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('modules')
    .values([
      { id: 0, key: 'dashboard', name: 'Dashboard' },
      { id: 1, key: 'crm-integration', name: 'CRM integration' },
      { id: 2, key: 'crm', name: 'CRM' },
      { id: 3, key: 'social', name: 'Social upload' },
    ])
    .execute();

  await db.schema
    .createTable('company_modules')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id'))
    .addPrimaryKeyConstraint('company_modules_pk', ['company_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['company_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_idx')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'integer', t.id)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('company_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_created_idx')
    .on('audit_entries')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_entity_idx')
    .on('audit_entries')
    .columns(['entity', 'entity_id'])
    .execute();
  await db.schema
    .createIndex('audit_actor_idx')
    .on('audit_entries')
    .columns(['actor_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('social_integration_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('text_limit', 'integer', (c) => c.notNull())
    .addColumn('max_media', 'integer', (c) => c.notNull())
    .addColumn('image_max_bytes', 'bigint', (c) => c.notNull())
    .addColumn('video_max_bytes', 'bigint', (c) => c.notNull())
    .addColumn('video_max_seconds', 'integer', (c) => c.notNull())
    .addColumn('media_types', 'text', (c) => c.notNull())
    .addColumn('requires_media', t.boolean, (c) => c.notNull())
    .execute();
  const MB = 1024 * 1024;
  const images = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
  const video = ['video/mp4', 'video/quicktime'];
  // Limits as the networks document them for posts published through their APIs.
  const networks = [
    [1, 'facebook', 'Facebook', 63_206, 10, 10 * MB, 1024 * MB, 14_400, [...images, ...video], false],
    [
      2,
      'instagram',
      'Instagram',
      2_200,
      10,
      8 * MB,
      300 * MB,
      900,
      ['image/jpeg', 'image/png', ...video],
      true,
    ],
    [3, 'linkedin', 'LinkedIn', 3_000, 9, 8 * MB, 200 * MB, 600, [...images, 'video/mp4'], false],
    [4, 'x', 'X', 280, 4, 5 * MB, 512 * MB, 140, [...images, ...video], false],
    [5, 'tiktok', 'TikTok', 2_200, 1, 20 * MB, 1024 * MB, 600, ['video/mp4', 'video/quicktime'], true],
    [6, 'youtube', 'YouTube', 5_000, 1, 2 * MB, 2048 * MB, 43_200, ['video/mp4', 'video/quicktime'], true],
  ] as const;
  await db
    .insertInto('social_integration_types')
    .values(
      networks.map(
        ([
          id,
          key,
          name,
          textLimit,
          maxMedia,
          imageMax,
          videoMax,
          videoSeconds,
          mediaTypes,
          requiresMedia,
        ]) => ({
          id,
          key,
          name,
          text_limit: textLimit,
          max_media: maxMedia,
          image_max_bytes: imageMax,
          video_max_bytes: videoMax,
          video_max_seconds: videoSeconds,
          media_types: JSON.stringify(mediaTypes),
          requires_media: requiresMedia ? t.trueValue : t.falseValue,
        }),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'social_integration_types',
    'audit_entries',
    'one_time_tokens',
    'sessions',
    'memberships',
    'company_modules',
    'modules',
    'companies',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
