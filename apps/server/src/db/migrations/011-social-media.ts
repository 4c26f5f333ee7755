import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * The company's media library (decision 015): one row per uploaded
 * image or video; the bytes live in the media store (folder or S3) under
 * `storage_key`, the thumbnail (images only) under `thumbnail_key`.
 *
 * - `(company_id, id)` is unique so posts reference a medium by the composite
 *   key `(company_id, media_id)` and can never point at another company's file
 *   (decision 007).
 * - `social_media_company_idx (company_id, id)` serves the keyset list (newest
 *   first, walked backwards) and the kind filter reads the same range.
 * - `size_bytes` is bigint on PostgreSQL (videos can exceed 2 GiB); read it with Number().
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('social_media')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(255)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('social_media_company_id_uq', ['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('social_media_company_idx')
    .on('social_media')
    .columns(['company_id', 'id desc'])
    .execute();
  // The ON DELETE SET NULL of users scans children without an index on the key.
  await db.schema
    .createIndex('social_media_created_by_idx')
    .on('social_media')
    .column('created_by')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('social_media').ifExists().execute();
}
