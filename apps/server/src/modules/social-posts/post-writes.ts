import type { PostOptions } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { type ChangeActorRef, type ChangeInput, recordChange } from '../change-feed/change-feed.service.ts';
import { postStatusOf, publishTargetJob } from './post-status.ts';
import {
  deletePostRow,
  findPostRow,
  insertHistory,
  insertPost as insertPostRow,
  mediaIdsOf,
  type PostRow,
  releaseMediaFromFinishedPosts,
  replacePostMedia,
  replaceTargets,
  type TargetRow,
  targetsOf,
  updatePostIfVersion,
  updatePostRow,
  updateTarget,
} from './social-posts.repository.ts';

/**
 * Every write of a social post goes through this file: creating, changing (the
 * composer, the calendar's drag, an approval), deleting, each target's publishing
 * attempt and outcome, and letting go of a deleted medium. Each owns its steps, in
 * the caller's transaction: the version check, the targets and their publish jobs
 * (a replaced target's waiting job is cancelled), the post's status, its history
 * and its change-feed row with real before and after values. A new rule for a
 * post's writes belongs here.
 */

/** A post's content as the composer edits it. */
export interface PostContent {
  text: string;
  overrides: Partial<Record<string, string>>;
  options: PostOptions;
  media_ids: number[];
  account_ids: number[];
  scheduled_at: string | null;
  draft: boolean;
}

/** Who writes: the person (null: the system) and how the change feed names them. */
export interface PostWriter {
  id: number | null;
  ref: ChangeActorRef;
}

/** A line on the post's history and its change-feed row. */
export interface PostStep {
  kind: string;
  detail: Record<string, unknown>;
  change: Pick<ChangeInput, 'type'> & Partial<Pick<ChangeInput, 'version' | 'data' | 'changes'>>;
}

export const stale = () =>
  new AppError(409, 'stale_update', 'Someone else changed this post meanwhile. Reload it and try again.');

/** The post's saved content (what a change starts from). */
export async function contentOf(db: Database, row: PostRow): Promise<PostContent> {
  const [targets, media] = await Promise.all([
    targetsOf(db, row.company_id, [row.id]),
    mediaIdsOf(db, row.company_id, [row.id]),
  ]);
  return {
    text: row.text,
    overrides: (parseJson(row.overrides) as Record<string, string> | undefined) ?? {},
    options: (parseJson(row.network_options) as PostOptions | undefined) ?? {},
    media_ids: media.get(row.id) ?? [],
    account_ids: targets.map((t) => t.account_id),
    scheduled_at: row.scheduled_at,
    draft: row.status === 'draft',
  };
}

/** A new post with its targets and (unless a draft) their publish jobs; answers its id. */
export async function insertPost(
  ctx: AppContext,
  trx: Database,
  input: { companyId: number; content: PostContent; timeZone: string; by: PostWriter; at: string },
): Promise<number> {
  const { companyId, content, at } = input;
  const postId = await insertPostRow(trx, {
    company_id: companyId,
    text: content.text,
    overrides: JSON.stringify(content.overrides),
    network_options: JSON.stringify(content.options),
    status: 'draft',
    scheduled_at: content.scheduled_at,
    time_zone: input.timeZone,
    created_by: input.by.id,
    created_at: at,
    updated_at: at,
  });
  await saveTargets(ctx, trx, companyId, postId, content, [], at);
  await recordStep(trx, { company_id: companyId, id: postId }, input.by, at, {
    kind: whatBecame(content),
    detail: { scheduled_at: content.scheduled_at },
    change: {
      type: 'social_post.created',
      version: 1,
      data: {
        id: postId,
        text: content.text,
        account_ids: content.account_ids,
        media_ids: content.media_ids,
        scheduled_at: content.scheduled_at,
        draft: content.draft,
      },
    },
  });
  return postId;
}

/**
 * Changes a post read in `trx` from `before` to `after`, if it is still editable (else 409)
 * and still has `version` (else 409 `stale_update`). Records an edit, or `step` when the
 * change is one (an approval).
 */
export async function changePost(
  ctx: AppContext,
  trx: Database,
  input: {
    row: PostRow;
    version: number;
    before: PostContent;
    after: PostContent;
    by: PostWriter;
    at: string;
    step?: PostStep;
  },
): Promise<void> {
  const { row, version, before, after, at } = input;
  // Read in `trx`: a job may have started publishing since the caller's first look.
  const old = await targetsOf(trx, row.company_id, [row.id]);
  if (!isEditable(row, old)) throw notEditable();
  const changed = await updatePostIfVersion(trx, row.company_id, row.id, version, {
    text: after.text,
    overrides: JSON.stringify(after.overrides),
    network_options: JSON.stringify(after.options),
    scheduled_at: after.scheduled_at,
    updated_at: at,
  });
  if (!changed) throw stale();
  await saveTargets(ctx, trx, row.company_id, row.id, after, old, at);
  await recordStep(
    trx,
    row,
    input.by,
    at,
    input.step ?? {
      kind: after.draft ? 'edited' : whatBecame(after),
      detail: { scheduled_at: after.scheduled_at },
      change: { type: 'social_post.updated', version: version + 1, changes: contentChanges(before, after) },
    },
  );
}

/** Deletes a post (a publish in flight must settle first: 409); its waiting publish jobs go with it. */
export async function deletePost(ctx: AppContext, trx: Database, row: PostRow, by: PostWriter) {
  const targets = await targetsOf(trx, row.company_id, [row.id]);
  if (targets.some((t) => t.status === 'publishing' || t.status === 'unconfirmed')) throw notEditable();
  await cancelPublishing(ctx, trx, targets);
  await deletePostRow(trx, row.company_id, row.id);
  await recordChange(trx, {
    companyId: row.company_id,
    type: 'social_post.deleted',
    entity: { type: 'social_post', id: row.id },
    actor: by.ref,
    data: { id: row.id, text: row.text, status: row.status },
  });
}

/** A step that changes nothing of the post itself (an approval asked for, changes asked for). */
export async function notePostStep(
  trx: Database,
  post: { company_id: number; id: number },
  by: PostWriter,
  at: string,
  step: PostStep,
): Promise<void> {
  await recordStep(trx, post, by, at, step);
}

/**
 * Where one target of a post stands now (a publish's outcome, a retry): the target's
 * new state, its next publish job if any, the post's status, its history (unless
 * `history` is null) and the `status_changed` row.
 */
export async function settleTarget(
  ctx: AppContext,
  trx: Database,
  input: {
    target: TargetRow;
    changes: Parameters<typeof updateTarget>[3] & { status: TargetRow['status'] };
    next?: { runAt?: string; key: string };
    history: { kind: string; detail: Record<string, unknown> } | null;
    by: PostWriter;
    remoteUrl: string | null;
    errorCode: string | null;
    at: string;
  },
): Promise<void> {
  const { target, at } = input;
  const companyId = target.company_id;
  await updateTarget(trx, companyId, target.id, { ...input.changes, updated_at: at });
  if (input.next) {
    await ctx.jobs.enqueue(
      trx,
      publishTargetJob,
      { company_id: companyId, target_id: target.id },
      { runAt: input.next.runAt, idempotencyKey: input.next.key },
    );
  }
  if (input.history) {
    await insertHistory(trx, {
      company_id: companyId,
      post_id: target.post_id,
      kind: input.history.kind,
      detail: JSON.stringify(input.history.detail),
      actor_id: input.by.id,
      created_at: at,
    });
  }
  await refreshPostStatus(trx, companyId, target.post_id, at);
  await recordChange(trx, {
    companyId,
    type: 'social_post.status_changed',
    entity: { type: 'social_post', id: target.post_id },
    actor: input.by.ref,
    data: {
      target_id: target.id,
      account_id: target.account_id,
      status: input.changes.status,
      remote_url: input.remoteUrl,
      error_code: input.errorCode,
    },
  });
}

/** A publish attempt is about to go out (`target` follows): a crash from here on leaves it "publishing". */
export async function markAttempt(db: Database, target: TargetRow, at: string): Promise<void> {
  target.attempts += 1;
  target.first_attempt_at ??= at;
  target.status = 'publishing';
  await updateTarget(db, target.company_id, target.id, {
    status: 'publishing',
    attempts: target.attempts,
    first_attempt_at: target.first_attempt_at,
    updated_at: at,
  });
}

/** The network named the post it is creating: kept, so a lost answer is settled by a status check. */
export async function noteRemoteId(db: Database, target: TargetRow, remoteId: string, at: string) {
  await updateTarget(db, target.company_id, target.id, { remote_id: remoteId.slice(0, 200), updated_at: at });
}

/** Unlinks a medium from the posts done with it (published or failed; their record keeps text and links). */
export async function releaseMediumFromFinishedPosts(db: Database, companyId: number, mediaId: number) {
  await releaseMediaFromFinishedPosts(db, companyId, mediaId);
}

export const notEditable = () =>
  new AppError(
    409,
    'conflict',
    'This post is being published or was published; it can no longer be changed.',
  );

/** A draft, or a post still waiting for its time (every target queued, none tried). */
export function isEditable(row: PostRow, targets: { status: string; attempts: number }[]): boolean {
  if (row.status !== 'draft' && row.status !== 'scheduled') return false;
  return targets.every((t) => (t.status === 'draft' || t.status === 'queued') && t.attempts === 0);
}

const whatBecame = (content: PostContent) =>
  content.draft ? 'drafted' : content.scheduled_at ? 'scheduled' : 'queued';

/** The post's media and targets as `content` has them; the targets before (`old`) stop publishing. */
async function saveTargets(
  ctx: AppContext,
  trx: Database,
  companyId: number,
  postId: number,
  content: PostContent,
  old: TargetRow[],
  at: string,
) {
  await replacePostMedia(trx, companyId, postId, content.media_ids);
  // New targets get new ids: a job of an old target that is already on its way (BullMQ) finds nothing.
  await cancelPublishing(ctx, trx, old);
  const targets = await replaceTargets(
    trx,
    companyId,
    postId,
    [...new Set(content.account_ids)],
    content.draft ? 'draft' : 'queued',
    at,
  );
  if (!content.draft) {
    for (const target of targets) {
      await ctx.jobs.enqueue(
        trx,
        publishTargetJob,
        { company_id: companyId, target_id: target.id },
        { runAt: content.scheduled_at ?? undefined, idempotencyKey: `target-${target.id}-first` },
      );
    }
  }
  await refreshPostStatus(trx, companyId, postId, at);
}

async function cancelPublishing(ctx: AppContext, trx: Database, targets: TargetRow[]) {
  for (const target of targets) {
    await ctx.jobs.cancelWaiting(trx, publishTargetJob, {
      company_id: target.company_id,
      target_id: target.id,
    });
  }
}

/** The post's status from its targets' states. */
async function refreshPostStatus(trx: Database, companyId: number, postId: number, at: string) {
  const post = await findPostRow(trx, companyId, postId);
  if (!post) return;
  const targets = await targetsOf(trx, companyId, [postId]);
  const status = postStatusOf(targets.map((t) => t.status));
  if (status !== post.status) await updatePostRow(trx, companyId, postId, { status, updated_at: at });
}

async function recordStep(
  trx: Database,
  post: { company_id: number; id: number },
  by: PostWriter,
  at: string,
  step: PostStep,
) {
  await insertHistory(trx, {
    company_id: post.company_id,
    post_id: post.id,
    kind: step.kind,
    detail: JSON.stringify(step.detail),
    actor_id: by.id,
    created_at: at,
  });
  await recordChange(trx, {
    companyId: post.company_id,
    entity: { type: 'social_post', id: post.id },
    actor: by.ref,
    ...step.change,
  });
}

/** The fields whose value differs, with their values before and after. */
function contentChanges(before: PostContent, after: PostContent) {
  return (Object.keys(after) as (keyof PostContent)[])
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}
