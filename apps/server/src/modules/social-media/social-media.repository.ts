import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SocialMediaTable } from '../../db/schema.ts';

export type MediaRow = Selectable<SocialMediaTable>;
export type NewMediaRow = Insertable<SocialMediaTable>;

export async function insertMedia(db: Database, row: NewMediaRow): Promise<number> {
  const inserted = await db.insertInto('social_media').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findMedia(db: Database, companyId: number, id: number): Promise<MediaRow | undefined> {
  return db
    .selectFrom('social_media')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findMediaByIds(db: Database, companyId: number, ids: readonly number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('social_media')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** Newest first, `limit` rows with an id below `beforeId` (the keyset index `(company_id, id desc)`). */
export function listMedia(
  db: Database,
  companyId: number,
  opts: { kind?: 'image' | 'video' | undefined; beforeId?: number | undefined; limit: number },
): Promise<MediaRow[]> {
  let query = db.selectFrom('social_media').selectAll().where('company_id', '=', companyId);
  if (opts.kind) query = query.where('kind', '=', opts.kind);
  if (opts.beforeId !== undefined) query = query.where('id', '<', opts.beforeId);
  return query.orderBy('id', 'desc').limit(opts.limit).execute();
}

export async function deleteMediaRow(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('social_media')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
