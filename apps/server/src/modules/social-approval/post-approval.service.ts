import { companyLink } from '@kontora/contract/app-links';
import { isLanguage, MODULE_ID } from '@kontora/contract/limits';
import {
  APPROVAL_LIMITS,
  type ApprovalLink,
  type ApprovalOutcome,
  type ApprovalPreview,
} from '@kontora/contract/social-approval';
import type { SocialNetwork } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { parseJson } from '../../lib/json.ts';
import { hashToken, isoIn, newToken } from '../../lib/tokens.ts';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { byUser } from '../change-feed/change-feed.service.ts';
import { companyProfile, moduleIdsOf } from '../companies/companies.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  checkDraftForSending,
  companyMedia,
  findPostRow,
  mediaIdsOf,
  notePostStep,
  type PostRow,
  type PostStep,
  queueDraft,
  targetsOf,
} from '../social-posts/social-posts.service.ts';
import { findUserById } from '../users/users.service.ts';
import { type ApprovalNotice, renderApprovalNotice } from './approval-mail-templates.ts';
import {
  decideApproval,
  findApprovalByHash,
  insertApproval,
  replacePendingApprovals,
} from './post-approval.repository.ts';

const LINK_MS = APPROVAL_LIMITS.linkDays * 24 * 3600_000;
const onlyDrafts = () =>
  new AppError(
    409,
    'conflict',
    'Only a draft can be sent for approval; this post is already scheduled or out.',
  );

/** A time that has passed means "now": an approval that comes late publishes at once rather than never. */
const stillAhead = (iso: string | null) => (iso && Date.parse(iso) > Date.now() ? iso : null);

/**
 * Makes a new approval link for a draft (older pending links of the post stop
 * working). The draft must already meet every rule of its networks, so what the
 * client approves can go out as it is. The token is shown once; only its hash is kept.
 */
export async function requestApproval(ctx: AppContext, actor: Actor, postId: number): Promise<ApprovalLink> {
  const row = await findPostRow(ctx.db, actor.companyId, postId);
  if (!row) throw notFound('Post');
  if (row.status !== 'draft') throw onlyDrafts();
  await checkDraftForSending(ctx, row, stillAhead(row.scheduled_at));
  const token = newToken();
  const expiresAt = isoIn(LINK_MS);
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = await findPostRow(trx, actor.companyId, postId);
    if (fresh?.status !== 'draft' || fresh.version !== row.version) throw onlyDrafts();
    const at = ctx.clock.nowIso();
    await replacePendingApprovals(trx, actor.companyId, postId);
    await insertApproval(trx, {
      company_id: actor.companyId,
      post_id: postId,
      token_hash: hashToken(token),
      post_version: row.version,
      status: 'pending',
      requested_by: personOf(actor),
      expires_at: expiresAt,
      created_at: at,
    });
    const by = { id: personOf(actor), ref: byUser(personOf(actor)) };
    await notePostStep(trx, row, by, at, {
      kind: 'approval_requested',
      detail: { expires_at: expiresAt },
      change: { type: 'social_post.approval_requested', data: { expires_at: expiresAt } },
    });
  });
  return { approval_url: `${ctx.config.appUrl}/#/approve/${token}`, expires_at: expiresAt };
}

/** A link answered already (409), with what the answer was. */
function refuseAnswered(link: { status: string }): void {
  if (link.status === 'approved' || link.status === 'changes_requested') {
    throw new AppError(
      409,
      'approval_used',
      link.status === 'approved'
        ? 'This link was already used: the post was approved.'
        : 'This link was already used: changes were requested.',
      { details: { status: [link.status] } },
    );
  }
}

/**
 * The link behind a token, refused in the order a client can act on: unknown or
 * altered (404), answered already (409), replaced by a newer link, past its
 * time, or the post changed or left the drafts since (410).
 */
async function openLink(db: Database, token: string) {
  const link = await findApprovalByHash(db, hashToken(token));
  if (!link) throw notFound('Approval link');
  if (!(await moduleIdsOf(db, link.company_id)).includes(MODULE_ID.social)) {
    throw forbidden('module_disabled', 'The social module is not enabled for this company.');
  }
  refuseAnswered(link);
  if (link.status === 'replaced') {
    throw new AppError(410, 'approval_replaced', 'A newer approval link replaced this one.');
  }
  if (Date.parse(link.expires_at) <= Date.now()) {
    throw new AppError(410, 'approval_expired', 'This approval link has expired; ask for a new one.');
  }
  const post = await findPostRow(db, link.company_id, link.post_id);
  if (post?.status !== 'draft' || post.version !== link.post_version) {
    // A second answer racing the first reads the link before the first commits and the post after
    // it: the link has been used, which is what that answer must hear, not that the post changed.
    const again = await findApprovalByHash(db, hashToken(token));
    if (again) refuseAnswered(again);
    throw new AppError(
      410,
      'approval_outdated',
      'The post changed after this link was made; ask for a new one.',
    );
  }
  return { link, post };
}

export async function approvalPreview(ctx: AppContext, token: string): Promise<ApprovalPreview> {
  const { link, post } = await openLink(ctx.db, token);
  const overrides = (parseJson(post.overrides) as Partial<Record<string, string>> | undefined) ?? {};
  const [company, targets, mediaIds] = await Promise.all([
    companyProfile(ctx, post.company_id),
    targetsOf(ctx.db, post.company_id, [post.id]),
    mediaIdsOfPost(ctx, post),
  ]);
  const media = await companyMedia(ctx, post.company_id, mediaIds);
  return {
    company_name: company.name,
    status: 'pending',
    expires_at: link.expires_at,
    scheduled_at: stillAhead(post.scheduled_at),
    time_zone: post.time_zone,
    targets: targets.map((t) => ({
      network: t.network as SocialNetwork,
      account_name: t.account_name,
      text: overrides[t.network] ?? post.text,
    })),
    media: media.map((m) => ({ id: m.id, kind: m.kind, name: m.name, thumbnail: m.thumbnail })),
  };
}

async function mediaIdsOfPost(ctx: AppContext, post: PostRow): Promise<number[]> {
  return (await mediaIdsOf(ctx.db, post.company_id, [post.id])).get(post.id) ?? [];
}

/** The id of a medium of the post behind a live link (for its thumbnail on the public page). */
export async function approvalMedium(ctx: AppContext, token: string, mediaId: number) {
  const { post } = await openLink(ctx.db, token);
  if (!(await mediaIdsOfPost(ctx, post)).includes(mediaId)) throw notFound('Medium');
  return { companyId: post.company_id, mediaId };
}

/**
 * The client approves: the post is queued for its time, or now when it has none
 * or the time has passed while it waited. Checked against the networks' rules
 * again (an account may have been disconnected meanwhile).
 */
export async function approve(ctx: AppContext, token: string): Promise<ApprovalOutcome> {
  const { post } = await openLink(ctx.db, token);
  const scheduledAt = stillAhead(post.scheduled_at);
  const detail = { scheduled_at: scheduledAt };
  await checkDraftForSending(ctx, post, scheduledAt);
  await decide(ctx, token, 'approved', null, async (trx, row, step) => {
    await queueDraft(ctx, trx, row, scheduledAt, { by: approvalLink, at: step.at, step: step.of(detail) });
    return detail;
  });
  return { status: 'approved', scheduled_at: scheduledAt };
}

/** The client asks for changes: the post stays a draft, with the comment on its history. */
export async function requestChanges(
  ctx: AppContext,
  token: string,
  comment: string,
): Promise<ApprovalOutcome> {
  await decide(ctx, token, 'changes_requested', comment, async (trx, row, step) => {
    await notePostStep(trx, row, approvalLink, step.at, step.of({ comment }));
    return { comment };
  });
  return { status: 'changes_requested', scheduled_at: null };
}

/** The client's answer as the post's history and change feed record it. */
interface DecisionStep {
  at: string;
  of(detail: Record<string, unknown>): PostStep;
}

const approvalLink = { id: null, ref: { kind: 'system', name: 'Approval link' } } as const;

async function decide(
  ctx: AppContext,
  token: string,
  status: 'approved' | 'changes_requested',
  comment: string | null,
  apply: (trx: Database, post: PostRow, step: DecisionStep) => Promise<Record<string, unknown>>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    // Opened again inside the transaction: the link may have been answered or the post edited meanwhile.
    const opened = await openLink(trx, token);
    const at = ctx.clock.nowIso();
    if (!(await decideApproval(trx, opened.link, { status, comment, decided_at: at }))) {
      throw new AppError(409, 'approval_used', 'This link was already used.', {
        details: { status: ['answered'] },
      });
    }
    const type = status === 'approved' ? 'social_post.approved' : 'social_post.changes_requested';
    const detail = await apply(trx, opened.post, {
      at,
      of: (facts) => ({ kind: status, detail: facts, change: { type, data: facts } }),
    });
    await mailAuthor(ctx, trx, opened.post, status, detail);
  });
}

/**
 * Tells the post's author: under the bell and by mail, as they chose (the post's screen
 * shows the answer through the change feed).
 */
async function mailAuthor(
  ctx: AppContext,
  db: Database,
  post: PostRow,
  kind: ApprovalNotice,
  detail: Record<string, unknown>,
) {
  if (post.created_by === null) return;
  const { mail: wantsMail } = await notify(ctx, db, {
    userId: post.created_by,
    companyId: post.company_id,
    kind: 'post_decided',
    recordId: post.id,
    route: `/company/social/posts/${post.id}`,
    data: { title: post.text.split('\n')[0]?.slice(0, 60) ?? '', decision: kind },
  });
  if (!wantsMail) return;
  const person = await findUserById(db, post.created_by);
  if (person?.status !== 'active') return;
  const language = isLanguage(person.language) ? person.language : 'hr';
  const at = typeof detail.scheduled_at === 'string' ? detail.scheduled_at : null;
  const mail = renderApprovalNotice(kind, language, {
    to: person.email,
    appName: ctx.config.appName,
    link: companyLink(`/company/social/posts/${post.id}`, post.company_id, ctx.config.appUrl),
    post: post.text.split('\n')[0]?.slice(0, 60) ?? '',
    when: at
      ? new Intl.DateTimeFormat(language, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: post.time_zone,
        }).format(new Date(at))
      : null,
    comment: typeof detail.comment === 'string' ? detail.comment : '',
  });
  await ctx.jobs.enqueue(db, sendMailJob, mail);
}
