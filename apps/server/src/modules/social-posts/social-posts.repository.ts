import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  SocialPostApprovalsTable,
  SocialPostHistoryTable,
  SocialPostsTable,
  SocialPostTargetsTable,
} from '../../db/schema.ts';

export type PostRow = Selectable<SocialPostsTable>;
export type TargetRow = Selectable<SocialPostTargetsTable>;
export type TargetWithAccount = TargetRow & { account_name: string; network: string };
export type ApprovalRow = Selectable<SocialPostApprovalsTable>;

export async function insertPost(db: Database, row: Insertable<SocialPostsTable>): Promise<number> {
  return (await db.insertInto('social_posts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The post's latest approval link, which its detail shows (social-approval writes the links). */
export function latestApprovalOf(
  db: Database,
  companyId: number,
  postId: number,
): Promise<ApprovalRow | undefined> {
  return db
    .selectFrom('social_post_approvals')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findPostRow(db: Database, companyId: number, id: number): Promise<PostRow | undefined> {
  return db
    .selectFrom('social_posts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updatePostRow(
  db: Database,
  companyId: number,
  id: number,
  changes: Updateable<SocialPostsTable>,
) {
  await db
    .updateTable('social_posts')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Changes the post only if it still has `version` (answers whether it did): of two editors one wins. */
export async function updatePostIfVersion(
  db: Database,
  companyId: number,
  id: number,
  version: number,
  changes: Updateable<SocialPostsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('social_posts')
    .set({ ...changes, version: version + 1 })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePostRow(db: Database, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('social_posts').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/**
 * Newest first, or soonest scheduled first (`afterScheduled` pages on the
 * (company_id, scheduled_at, id) index); account and network filters through the post's targets.
 */
export function listPostRows(
  db: Database,
  companyId: number,
  opts: {
    status?: string | undefined;
    accountId?: number | undefined;
    network?: string | undefined;
    authorId?: number | undefined;
    /** On the post's date (its schedule, else its creation; indexed by migration 018): [from, to). */
    from?: string | undefined;
    to?: string | undefined;
    beforeId?: number | undefined;
    sort?: 'newest' | 'scheduled';
    afterScheduled?: { at: string; id: number } | undefined;
    limit: number;
  },
): Promise<PostRow[]> {
  let query = db.selectFrom('social_posts').selectAll().where('social_posts.company_id', '=', companyId);
  if (opts.status) query = query.where('status', '=', opts.status as PostRow['status']);
  if (opts.beforeId !== undefined) query = query.where('id', '<', opts.beforeId);
  if (opts.authorId !== undefined) query = query.where('created_by', '=', opts.authorId);
  const { from, to } = opts;
  if (from) query = query.where((eb) => eb(eb.fn.coalesce('scheduled_at', 'created_at'), '>=', from));
  if (to) query = query.where((eb) => eb(eb.fn.coalesce('scheduled_at', 'created_at'), '<', to));
  if (opts.accountId !== undefined || opts.network) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('social_post_targets as t')
          .innerJoin('social_accounts as a', (j) =>
            j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.account_id'),
          )
          .select('t.id')
          .where('t.company_id', '=', companyId)
          .whereRef('t.post_id', '=', 'social_posts.id')
          .$if(opts.accountId !== undefined, (q) => q.where('t.account_id', '=', opts.accountId as number))
          .$if(!!opts.network, (q) => q.where('a.type', '=', opts.network as string)),
      ),
    );
  }
  if (opts.sort === 'scheduled') {
    const after = opts.afterScheduled;
    query = query.where('scheduled_at', 'is not', null);
    if (after) {
      query = query.where((eb) => eb(eb.refTuple('scheduled_at', 'id'), '>', eb.tuple(after.at, after.id)));
    }
    return query.orderBy('scheduled_at', 'asc').orderBy('id', 'asc').limit(opts.limit).execute();
  }
  return query.orderBy('id', 'desc').limit(opts.limit).execute();
}

export async function replacePostMedia(
  db: Database,
  companyId: number,
  postId: number,
  mediaIds: readonly number[],
) {
  await db
    .deleteFrom('social_post_media')
    .where('company_id', '=', companyId)
    .where('post_id', '=', postId)
    .execute();
  if (mediaIds.length === 0) return;
  await db
    .insertInto('social_post_media')
    .values(
      mediaIds.map((media_id, position) => ({ company_id: companyId, post_id: postId, media_id, position })),
    )
    .execute();
}

export async function mediaIdsOf(
  db: Database,
  companyId: number,
  postIds: readonly number[],
): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (postIds.length === 0) return found;
  const rows = await db
    .selectFrom('social_post_media')
    .select(['post_id', 'media_id'])
    .where('company_id', '=', companyId)
    .where('post_id', 'in', [...postIds])
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  for (const row of rows) found.set(row.post_id, [...(found.get(row.post_id) ?? []), row.media_id]);
  return found;
}

/** Replaces the post's targets (new ids, so jobs queued for the old ones find nothing and stop). */
export async function replaceTargets(
  db: Database,
  companyId: number,
  postId: number,
  accountIds: readonly number[],
  status: TargetRow['status'],
  at: string,
): Promise<TargetRow[]> {
  await db
    .deleteFrom('social_post_targets')
    .where('company_id', '=', companyId)
    .where('post_id', '=', postId)
    .execute();
  if (accountIds.length === 0) return [];
  return db
    .insertInto('social_post_targets')
    .values(
      accountIds.map((account_id) => ({
        company_id: companyId,
        post_id: postId,
        account_id,
        status,
        created_at: at,
        updated_at: at,
      })),
    )
    .returningAll()
    .execute();
}

export async function targetsOf(
  db: Database,
  companyId: number,
  postIds: readonly number[],
): Promise<TargetWithAccount[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('social_post_targets as t')
    .innerJoin('social_accounts as a', (j) =>
      j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.account_id'),
    )
    .selectAll('t')
    .select(['a.name as account_name', 'a.type as network'])
    .where('t.company_id', '=', companyId)
    .where('t.post_id', 'in', [...postIds])
    .orderBy('t.id')
    .execute();
}

export function findTarget(db: Database, companyId: number, id: number): Promise<TargetRow | undefined> {
  return db
    .selectFrom('social_post_targets')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateTarget(
  db: Database,
  companyId: number,
  id: number,
  changes: Updateable<SocialPostTargetsTable>,
) {
  await db
    .updateTable('social_post_targets')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function insertHistory(db: Database, row: Insertable<SocialPostHistoryTable>): Promise<void> {
  await db.insertInto('social_post_history').values(row).execute();
}

export function historyOf(db: Database, companyId: number, postId: number) {
  return db
    .selectFrom('social_post_history')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
}

/** A post not yet published that uses the medium (deleting the medium is then refused). */
export function unpublishedPostUsing(db: Database, companyId: number, mediaId: number) {
  return db
    .selectFrom('social_post_media as pm')
    .innerJoin('social_posts as p', (j) =>
      j.onRef('p.company_id', '=', 'pm.company_id').onRef('p.id', '=', 'pm.post_id'),
    )
    .select(['p.id', 'p.text', 'p.status'])
    .where('pm.company_id', '=', companyId)
    .where('pm.media_id', '=', mediaId)
    .where('p.status', 'not in', FINISHED)
    .orderBy('p.id')
    .executeTakeFirst();
}

const FINISHED = ['published', 'failed', 'partly_failed'] as const;

/** Unlinks the medium from posts that are done with it (their record keeps the text and links). */
export async function releaseMediaFromFinishedPosts(
  db: Database,
  companyId: number,
  mediaId: number,
): Promise<void> {
  await db
    .deleteFrom('social_post_media')
    .where('company_id', '=', companyId)
    .where('media_id', '=', mediaId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('social_posts as p')
          .select('p.id')
          .where('p.company_id', '=', companyId)
          .whereRef('p.id', '=', 'social_post_media.post_id')
          .where('p.status', 'in', FINISHED),
      ),
    )
    .execute();
}
