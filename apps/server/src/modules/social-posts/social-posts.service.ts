import type {
  PostCreateBody,
  PostListQuery,
  PostPage,
  PostUpdateBody,
  SocialPostDetail,
} from '@kontora/contract/social-posts';
import { safeTimeZone } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { nowIso } from '../../lib/tokens.ts';
import { byUser } from '../change-feed/change-feed.service.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { toPostDetail, toPosts } from './post-dto.ts';
import { checkPost } from './post-rules.ts';
import {
  changePost,
  contentOf,
  insertPost,
  isEditable,
  notEditable,
  type PostContent,
  type PostStep,
  type PostWriter,
  releaseMediumFromFinishedPosts,
  deletePost as removePost,
  settleTarget,
  stale,
} from './post-writes.ts';
import {
  findPostRow,
  findTarget,
  listPostRows,
  type PostRow,
  targetsOf,
  unpublishedPostUsing,
} from './social-posts.repository.ts';

export async function getPost(ctx: AppContext, companyId: number, id: number): Promise<SocialPostDetail> {
  const row = await findPostRow(ctx.db, companyId, id);
  if (!row) throw notFound('Post');
  return toPostDetail(ctx.db, companyId, row);
}

export async function listPosts(ctx: AppContext, companyId: number, query: PostListQuery): Promise<PostPage> {
  const scheduled = query.sort === 'scheduled';
  let beforeId: number | undefined;
  let afterScheduled: { at: string; id: number } | undefined;
  if (query.cursor) {
    const parts = decodeCursor(query.cursor) ?? [];
    if (scheduled) {
      const [kind, at, id] = parts;
      if (kind !== 'scheduled' || typeof at !== 'string' || typeof id !== 'number') {
        throw invalidField('cursor', 'invalid_cursor');
      }
      afterScheduled = { at, id };
    } else {
      const [id] = parts;
      if (typeof id !== 'number') throw invalidField('cursor', 'invalid_cursor');
      beforeId = id;
    }
  }
  const rows = await listPostRows(ctx.db, companyId, {
    status: query.status,
    accountId: query.account_id,
    network: query.network,
    authorId: query.author_id,
    from: normalise(query.from) ?? undefined,
    to: normalise(query.to) ?? undefined,
    beforeId,
    sort: query.sort,
    afterScheduled,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const more = rows.length > query.limit && last;
  return {
    items: await toPosts(ctx.db, companyId, page),
    next_cursor: !more
      ? null
      : scheduled
        ? encodeCursor(['scheduled', String(last.scheduled_at), last.id])
        : encodeCursor([last.id]),
  };
}

const normalise = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString() : null);

const writerOf = (actor: Actor): PostWriter => ({ id: personOf(actor), ref: byUser(personOf(actor)) });

export async function createPost(
  ctx: AppContext,
  actor: Actor,
  body: PostCreateBody,
): Promise<SocialPostDetail> {
  const content: PostContent = {
    text: body.text,
    overrides: body.overrides ?? {},
    options: body.options ?? {},
    media_ids: body.media_ids ?? [],
    account_ids: body.account_ids,
    scheduled_at: normalise(body.scheduled_at),
    draft: body.draft ?? false,
  };
  await checkPost(ctx, actor.companyId, content);
  const timeZone = safeTimeZone(await companyTimeZone(ctx.db, actor.companyId));
  const id = await ctx.db.transaction().execute((trx) =>
    insertPost(ctx, trx, {
      companyId: actor.companyId,
      content,
      timeZone,
      by: writerOf(actor),
      at: nowIso(),
    }),
  );
  return getPost(ctx, actor.companyId, id);
}

/**
 * Changes a draft or a post still waiting for its time (every target queued, none tried),
 * if it still has the `version` the editor read (else 409 `stale_update`).
 */
export async function updatePost(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: PostUpdateBody,
): Promise<SocialPostDetail> {
  const row = await findPostRow(ctx.db, actor.companyId, id);
  if (!row) throw notFound('Post');
  if (row.version !== body.version) throw stale();
  if (!isEditable(row, await targetsOf(ctx.db, actor.companyId, [id]))) throw notEditable();
  const after = changed(await contentOf(ctx.db, row), body);
  await checkPost(ctx, actor.companyId, after);
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = await findPostRow(trx, actor.companyId, id);
    if (!fresh) throw notFound('Post');
    const before = await contentOf(trx, fresh);
    await changePost(ctx, trx, {
      row: fresh,
      version: body.version,
      before,
      after: changed(before, body),
      by: writerOf(actor),
      at: nowIso(),
    });
  });
  return getPost(ctx, actor.companyId, id);
}

/** The content with the fields the body sends. */
function changed(content: PostContent, body: PostUpdateBody): PostContent {
  return {
    text: body.text ?? content.text,
    overrides: body.overrides ?? content.overrides,
    options: body.options ?? content.options,
    media_ids: body.media_ids ?? content.media_ids,
    account_ids: body.account_ids ?? content.account_ids,
    scheduled_at: body.scheduled_at === undefined ? content.scheduled_at : normalise(body.scheduled_at),
    draft: body.draft ?? content.draft,
  };
}

export async function deletePost(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findPostRow(trx, actor.companyId, id);
    if (!row) throw notFound('Post');
    await removePost(ctx, trx, row, writerOf(actor));
  });
}

/** "Retry" on a failed account: queued again now; the job first asks the network whether it is already there. */
export async function retryTarget(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  targetId: number,
): Promise<SocialPostDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await findTarget(trx, actor.companyId, targetId);
    if (!target || target.post_id !== postId) throw notFound('Post');
    if (target.status !== 'failed')
      throw new AppError(409, 'conflict', 'Only a failed publish can be retried.');
    const at = nowIso();
    await settleTarget(ctx, trx, {
      target,
      changes: { status: 'queued', checks: 0, error_code: null, error_status: null },
      next: { key: `target-${targetId}-retry-${at}` },
      history: { kind: 'retried', detail: { account_id: target.account_id } },
      by: writerOf(actor),
      remoteUrl: null,
      errorCode: null,
      at,
    });
  });
  return getPost(ctx, actor.companyId, postId);
}

/**
 * For the media library's delete (in its transaction): the unpublished post that still
 * needs the medium, if any. Posts that are done with it (published or failed) let it go.
 */
export async function postNeedingMedia(db: Database, companyId: number, mediaId: number) {
  await releaseMediumFromFinishedPosts(db, companyId, mediaId);
  const post = await unpublishedPostUsing(db, companyId, mediaId);
  return post ? { postId: post.id, title: post.text.split('\n')[0]?.slice(0, 60) ?? '' } : null;
}

/** A saved draft as it would go out at `scheduledAt` (null: now). */
async function draftToSend(db: Database, row: PostRow, scheduledAt: string | null): Promise<PostContent> {
  return { ...(await contentOf(db, row)), scheduled_at: scheduledAt, draft: false };
}

/**
 * Checks a draft against every rule a scheduled post must meet (accounts still
 * connected, each network's limits) before it is sent for approval or approved:
 * the same 400 the composer would get. Outside any transaction.
 */
export async function checkDraftForSending(ctx: AppContext, row: PostRow, scheduledAt: string | null) {
  await checkPost(ctx, row.company_id, await draftToSend(ctx.db, row, scheduledAt));
}

/**
 * Queues a draft read in `trx` for its accounts at `scheduledAt` (null: now), as saving it
 * scheduled would; `step` is what the history and the change feed say of it (an approval).
 */
export async function queueDraft(
  ctx: AppContext,
  trx: Database,
  row: PostRow,
  scheduledAt: string | null,
  input: { by: PostWriter; at: string; step: PostStep },
): Promise<void> {
  await changePost(ctx, trx, {
    row,
    version: row.version,
    before: await contentOf(trx, row),
    after: await draftToSend(trx, row, scheduledAt),
    ...input,
  });
}

// What approval links (social-approval) read of a post, and the history step they note through
// the post's one write door (post-writes.ts, docs/decisions/032-one-write-door-per-record.md).
export { companyMedia } from './post-media.ts';
export { notePostStep, type PostStep } from './post-writes.ts';
export { findPostRow, mediaIdsOf, type PostRow, targetsOf } from './social-posts.repository.ts';
