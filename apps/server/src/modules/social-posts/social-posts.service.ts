import type {
  PostCreateBody,
  PostListQuery,
  PostOptions,
  PostPage,
  PostUpdateBody,
  SocialPostDetail,
} from '@kontora/contract/social-posts';
import { safeTimeZone } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { nowIso } from '../../lib/tokens.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { toPostDetail, toPosts } from './post-dto.ts';
import { checkPost } from './post-rules.ts';
import { publishTargetJob, refreshPostStatus } from './post-status.ts';
import {
  deletePostRow,
  findPostRow,
  findTarget,
  insertHistory,
  insertPost,
  listPostRows,
  mediaIdsOf,
  type PostRow,
  releaseMediaFromFinishedPosts,
  replacePostMedia,
  replaceTargets,
  targetsOf,
  unpublishedPostUsing,
  updatePostRow,
  updateTarget,
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

/** Queues one publish job per target, at the scheduled time (or now), in the caller's transaction. */
async function queueTargets(
  ctx: AppContext,
  trx: Database,
  companyId: number,
  targetIds: number[],
  runAt: string | null,
) {
  for (const targetId of targetIds) {
    await ctx.jobs.enqueue(
      trx,
      publishTargetJob,
      { companyId, targetId },
      {
        runAt: runAt ?? undefined,
        idempotencyKey: `target-${targetId}-first`,
      },
    );
  }
}

type Resolved = {
  text: string;
  overrides: Partial<Record<string, string>>;
  options: PostOptions;
  media_ids: number[];
  account_ids: number[];
  scheduled_at: string | null;
  draft: boolean;
};

/** Saves the post's media, targets and (unless a draft) their jobs; all in `trx`. */
async function saveContent(
  ctx: AppContext,
  trx: Database,
  companyId: number,
  postId: number,
  post: Resolved,
  at: string,
) {
  await replacePostMedia(trx, companyId, postId, post.media_ids);
  const targets = await replaceTargets(
    trx,
    companyId,
    postId,
    [...new Set(post.account_ids)],
    post.draft ? 'draft' : 'queued',
    at,
  );
  if (!post.draft) {
    await queueTargets(
      ctx,
      trx,
      companyId,
      targets.map((t) => t.id),
      post.scheduled_at,
    );
  }
  await refreshPostStatus(trx, companyId, postId);
}

const optionsOf = (row: PostRow) => (parseJson(row.network_options) as PostOptions | undefined) ?? {};

const normalise = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString() : null);

export async function createPost(
  ctx: AppContext,
  actor: Actor,
  body: PostCreateBody,
): Promise<SocialPostDetail> {
  const post: Resolved = {
    text: body.text,
    overrides: body.overrides ?? {},
    options: body.options ?? {},
    media_ids: body.media_ids ?? [],
    account_ids: body.account_ids,
    scheduled_at: normalise(body.scheduled_at),
    draft: body.draft ?? false,
  };
  await checkPost(ctx, actor.companyId, post);
  const timeZone = safeTimeZone(await companyTimeZone(ctx.db, actor.companyId));
  const id = await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    const postId = await insertPost(trx, {
      company_id: actor.companyId,
      text: post.text,
      overrides: JSON.stringify(post.overrides),
      network_options: JSON.stringify(post.options),
      status: 'draft',
      scheduled_at: post.scheduled_at,
      time_zone: timeZone,
      created_by: personOf(actor),
      created_at: at,
      updated_at: at,
    });
    await saveContent(ctx, trx, actor.companyId, postId, post, at);
    const kind = post.draft ? 'drafted' : post.scheduled_at ? 'scheduled' : 'queued';
    await insertHistory(trx, {
      company_id: actor.companyId,
      post_id: postId,
      kind,
      detail: JSON.stringify({ scheduled_at: post.scheduled_at }),
      actor_id: personOf(actor),
      created_at: at,
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'social_post.created',
      entity: { type: 'social_post', id: postId },
      version: 1,
      actor: byUser(personOf(actor)),
      data: {
        id: postId,
        text: post.text,
        account_ids: post.account_ids,
        media_ids: post.media_ids,
        scheduled_at: post.scheduled_at,
        draft: post.draft,
      },
    });
    return postId;
  });
  return getPost(ctx, actor.companyId, id);
}

const notEditable = () =>
  new AppError(
    409,
    'conflict',
    'This post is being published or was published; it can no longer be changed.',
  );

/** Changes a draft or a post still waiting for its time (every target queued, none tried). */
export async function updatePost(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: PostUpdateBody,
): Promise<SocialPostDetail> {
  const row = await findPostRow(ctx.db, actor.companyId, id);
  if (!row) throw notFound('Post');
  const [targets, media] = await Promise.all([
    targetsOf(ctx.db, actor.companyId, [id]),
    mediaIdsOf(ctx.db, actor.companyId, [id]),
  ]);
  if (!isEditable(row, targets)) throw notEditable();
  const post: Resolved = {
    text: body.text ?? row.text,
    overrides: body.overrides ?? (parseJson(row.overrides) as Record<string, string> | undefined) ?? {},
    options: body.options ?? optionsOf(row),
    media_ids: body.media_ids ?? media.get(id) ?? [],
    account_ids: body.account_ids ?? targets.map((t) => t.account_id),
    scheduled_at: body.scheduled_at === undefined ? row.scheduled_at : normalise(body.scheduled_at),
    draft: body.draft ?? row.status === 'draft',
  };
  await checkPost(ctx, actor.companyId, post);
  await ctx.db.transaction().execute(async (trx) => {
    // Re-read inside the transaction: a job may have started publishing meanwhile.
    const fresh = await findPostRow(trx, actor.companyId, id);
    if (!fresh || !isEditable(fresh, await targetsOf(trx, actor.companyId, [id]))) throw notEditable();
    const at = nowIso();
    await updatePostRow(trx, actor.companyId, id, {
      text: post.text,
      overrides: JSON.stringify(post.overrides),
      network_options: JSON.stringify(post.options),
      scheduled_at: post.scheduled_at,
      version: fresh.version + 1,
      updated_at: at,
    });
    await saveContent(ctx, trx, actor.companyId, id, post, at);
    await insertHistory(trx, {
      company_id: actor.companyId,
      post_id: id,
      kind: post.draft ? 'edited' : post.scheduled_at ? 'scheduled' : 'queued',
      detail: JSON.stringify({ scheduled_at: post.scheduled_at }),
      actor_id: personOf(actor),
      created_at: at,
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'social_post.updated',
      entity: { type: 'social_post', id },
      version: fresh.version + 1,
      actor: byUser(personOf(actor)),
      changes: Object.keys(body).map((field) => ({
        field,
        before: null,
        after: (post as Record<string, unknown>)[field] ?? null,
      })),
    });
  });
  return getPost(ctx, actor.companyId, id);
}

function isEditable(row: PostRow, targets: { status: string; attempts: number }[]): boolean {
  if (row.status !== 'draft' && row.status !== 'scheduled') return false;
  return targets.every((t) => (t.status === 'draft' || t.status === 'queued') && t.attempts === 0);
}

export async function deletePost(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findPostRow(trx, actor.companyId, id);
    if (!row) throw notFound('Post');
    const targets = await targetsOf(trx, actor.companyId, [id]);
    // A publish in flight must finish first (its outcome is recorded on the target).
    if (targets.some((t) => t.status === 'publishing' || t.status === 'unconfirmed')) throw notEditable();
    await deletePostRow(trx, actor.companyId, id);
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'social_post.deleted',
      entity: { type: 'social_post', id },
      actor: byUser(personOf(actor)),
      data: { id, text: row.text, status: row.status },
    });
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
    await updateTarget(trx, actor.companyId, targetId, {
      status: 'queued',
      checks: 0,
      error_code: null,
      error_message: null,
      updated_at: at,
    });
    await ctx.jobs.enqueue(
      trx,
      publishTargetJob,
      { companyId: actor.companyId, targetId },
      { idempotencyKey: `target-${targetId}-retry-${at}` },
    );
    await insertHistory(trx, {
      company_id: actor.companyId,
      post_id: postId,
      kind: 'retried',
      detail: JSON.stringify({ account_id: target.account_id }),
      actor_id: personOf(actor),
      created_at: at,
    });
    await refreshPostStatus(trx, actor.companyId, postId);
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'social_post.status_changed',
      entity: { type: 'social_post', id: postId },
      actor: byUser(personOf(actor)),
      data: {
        target_id: targetId,
        account_id: target.account_id,
        status: 'queued',
        remote_url: null,
        error_code: null,
      },
    });
  });
  return getPost(ctx, actor.companyId, postId);
}

/**
 * For the media library's delete (in its transaction): the unpublished post that still
 * needs the medium, if any. Posts that are done with it (published or failed) let it go.
 */
export async function postNeedingMedia(db: Database, companyId: number, mediaId: number) {
  await releaseMediaFromFinishedPosts(db, companyId, mediaId);
  const post = await unpublishedPostUsing(db, companyId, mediaId);
  return post ? { postId: post.id, title: post.text.split('\n')[0]?.slice(0, 60) ?? '' } : null;
}

/** A saved draft as it would go out at `scheduledAt` (null: now). */
async function draftToSend(db: Database, row: PostRow, scheduledAt: string | null): Promise<Resolved> {
  const [targets, media] = await Promise.all([
    targetsOf(db, row.company_id, [row.id]),
    mediaIdsOf(db, row.company_id, [row.id]),
  ]);
  return {
    text: row.text,
    overrides: (parseJson(row.overrides) as Record<string, string> | undefined) ?? {},
    options: optionsOf(row),
    media_ids: media.get(row.id) ?? [],
    account_ids: targets.map((t) => t.account_id),
    scheduled_at: scheduledAt,
    draft: false,
  };
}

/**
 * Checks a draft against every rule a scheduled post must meet (accounts still
 * connected, each network's limits) before it is sent for approval or approved:
 * the same 400 the composer would get. Outside any transaction.
 */
export async function checkDraftForSending(ctx: AppContext, row: PostRow, scheduledAt: string | null) {
  await checkPost(ctx, row.company_id, await draftToSend(ctx.db, row, scheduledAt));
}

/** Queues a draft for its accounts at `scheduledAt` (null: now) in `trx`, as saving it scheduled would (an approval). */
export async function queueDraft(
  ctx: AppContext,
  trx: Database,
  row: PostRow,
  scheduledAt: string | null,
  at: string,
): Promise<void> {
  await updatePostRow(trx, row.company_id, row.id, {
    scheduled_at: scheduledAt,
    version: row.version + 1,
    updated_at: at,
  });
  await saveContent(ctx, trx, row.company_id, row.id, await draftToSend(trx, row, scheduledAt), at);
}
