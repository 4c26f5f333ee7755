import type {
  PostOptions,
  SocialErrorCode,
  SocialNetwork,
  TargetStatus,
} from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { parseJson } from '../../lib/json.ts';
import { isoIn, nowIso } from '../../lib/tokens.ts';
import { accountForPublishing, markReconnectNeeded } from '../social-accounts/social-accounts.service.ts';
import { noticePublishFailed } from '../social-accounts/social-notices.service.ts';
import {
  adapterFor,
  type RemotePost,
  type SocialAdapter,
  SocialError,
} from '../social-networks/social-networks.service.ts';
import { companyMedia, mediaFiles } from './post-media.ts';
import { markAttempt, noteRemoteId, type PostWriter, settleTarget } from './post-writes.ts';
import { findPostRow, findTarget, mediaIdsOf, type TargetRow } from './social-posts.repository.ts';

/** Publish attempts sent to a network before a transient failure becomes final. */
export const MAX_ATTEMPTS = 5;
/** Status checks of an unconfirmed attempt before it is reported as "could not confirm" (never re-posted by itself). */
export const MAX_CHECKS = 5;
const system: PostWriter = { id: null, ref: { kind: 'system', name: 'social' } };

type Outcome =
  | { status: 'published'; remote: RemotePost }
  | { status: 'unconfirmed' | 'queued'; delayMs: number; checks: number; error?: SocialError }
  | { status: 'failed'; code: SocialErrorCode; httpStatus: number | null };

/** Where a run is: looking up an earlier attempt, or sending a new one (an error means different things). */
type Phase = { sending: boolean; arrivedAs: TargetStatus };

/** Back-off before try n+1: 30 s, 1, 2, 4 min … (scaled in tests), or what the network asked for if longer. */
const retryDelay = (ctx: AppContext, attempts: number, asked: number | null) =>
  Math.max(asked ?? 0, 30_000 * 2 ** Math.max(0, attempts - 1) * ctx.config.social.waitScale);
/** Checks of an unconfirmed or still-processing post: 10 s, 20 s, 40 s … at most 30 min apart (scaled in tests). */
const checkDelay = (ctx: AppContext, checks: number) =>
  Math.min(10_000 * 2 ** checks, 30 * 60_000) * ctx.config.social.waitScale;
/** A post the network still shows as processing after this many checks (about 6 h) is reported, not awaited forever. */
export const MAX_PROCESSING_CHECKS = 16;

/**
 * Runs one post × account. Never publishes twice: a target that was tried before
 * (an answer lost to a timeout or a crash, or a failure the network may have acted
 * on) is first looked up on the network (its recorded remote id, else a post of the
 * account with the same text since the first try); only a confirmed absence after a
 * definite failure leads to a new attempt. An attempt whose outcome is unknown becomes
 * "unconfirmed" and is settled by status checks alone.
 */
export async function publishTarget(
  ctx: AppContext,
  companyId: number,
  targetId: number,
  signal?: AbortSignal,
): Promise<void> {
  const target = await findTarget(ctx.db, companyId, targetId);
  if (!target || !['queued', 'publishing', 'unconfirmed'].includes(target.status)) return;
  const post = await findPostRow(ctx.db, companyId, target.post_id);
  if (!post) return;
  let outcome: Outcome;
  const phase: Phase = { sending: false, arrivedAs: target.status };
  let account: Awaited<ReturnType<typeof accountForPublishing>> = null;
  try {
    account = await accountForPublishing(ctx, companyId, target.account_id);
    if (!account) return;
    const adapter = adapterFor(ctx.config, account.row.type as SocialNetwork);
    const overrides = (parseJson(post.overrides) as Record<string, string> | undefined) ?? {};
    const text = overrides[account.row.type] ?? post.text;
    const options = (parseJson(post.network_options) as PostOptions | undefined) ?? {};
    outcome = await run(ctx, adapter, account.ref, account.tokens, target, { text, options, signal }, phase);
  } catch (error) {
    outcome = failureOutcome(ctx, target, phase, error);
  }
  if (outcome.status === 'failed' && outcome.code === 'auth_expired' && account) {
    await markReconnectNeeded(ctx, account.row, outcome.code);
  }
  await record(ctx, companyId, target, post.created_by, outcome, account?.row);
}

async function run(
  ctx: AppContext,
  adapter: SocialAdapter,
  ref: Parameters<SocialAdapter['publish']>[0],
  tokens: Parameters<SocialAdapter['publish']>[1],
  target: TargetRow,
  { text, options, signal }: { text: string; options: PostOptions; signal: AbortSignal | undefined },
  phase: Phase,
): Promise<Outcome> {
  const companyId = target.company_id;
  const tried = target.attempts > 0 || target.status !== 'queued';
  if (tried) {
    const found = await lookUp(adapter, ref, tokens, target, text);
    if (found === 'processing') {
      if (target.checks + 1 >= MAX_PROCESSING_CHECKS) {
        // The network still shows the post as processing: a person checks the account, then Retries.
        return { status: 'failed', code: 'not_confirmed', httpStatus: null };
      }
      return { status: 'unconfirmed', delayMs: checkDelay(ctx, target.checks), checks: target.checks + 1 };
    }
    if (found) return { status: 'published', remote: found };
    if (target.status === 'publishing' || target.status === 'unconfirmed') {
      // The last attempt's outcome is unknown and the network does not show it (yet): check again later.
      if (target.checks + 1 >= MAX_CHECKS) {
        return { status: 'failed', code: 'not_confirmed', httpStatus: null };
      }
      return { status: 'unconfirmed', delayMs: checkDelay(ctx, target.checks), checks: target.checks + 1 };
    }
  }
  // Mark the attempt before the call: a crash from here on leaves "publishing", which the next run confirms first.
  await markAttempt(ctx.db, target, nowIso());
  phase.sending = true;
  const mediaIds = (await mediaIdsOf(ctx.db, companyId, [target.post_id])).get(target.post_id) ?? [];
  const media = mediaFiles(ctx, companyId, await companyMedia(ctx, companyId, mediaIds));
  const remote = await adapter.publish(
    ref,
    tokens,
    { text, media, options },
    {
      signal,
      onRemoteId: (remoteId) => noteRemoteId(ctx.db, target, remoteId, nowIso()),
    },
  );
  return { status: 'published', remote };
}

/** What the network shows of an earlier attempt: the post, 'processing', or null (not there). */
async function lookUp(
  adapter: SocialAdapter,
  ref: Parameters<SocialAdapter['publish']>[0],
  tokens: Parameters<SocialAdapter['publish']>[1],
  target: TargetRow,
  text: string,
): Promise<RemotePost | 'processing' | null> {
  if (target.remote_id) {
    const status = await adapter.publishStatus(ref, tokens, target.remote_id);
    if (status.state === 'published')
      return { remoteId: target.remote_id, url: status.url ?? adapter.remotePostUrl(ref, target.remote_id) };
    if (status.state === 'processing') return 'processing';
    if (status.state === 'failed')
      throw new SocialError('permanent', status.code ?? 'rejected', 'The network refused the post.');
    return null;
  }
  try {
    return await adapter.findPublished(ref, tokens, {
      since: target.first_attempt_at ?? target.created_at,
      text,
    });
  } catch (error) {
    // A network without a lookup cannot confirm: never guess, report it (a person decides to retry).
    if (error instanceof SocialError && error.code === 'not_supported') {
      throw new SocialError(
        'permanent',
        'not_confirmed',
        'This network cannot confirm an earlier attempt; check the account, then Retry.',
      );
    }
    throw error;
  }
}

const failed = (error: SocialError): Outcome => ({
  status: 'failed',
  code: error.code,
  httpStatus: error.status,
});

function failureOutcome(ctx: AppContext, target: TargetRow, phase: Phase, error: unknown): Outcome {
  if (!(error instanceof SocialError)) return { status: 'failed', code: 'internal', httpStatus: null };
  if (error.kind === 'permanent') return failed(error);
  if (phase.sending) {
    // The answer to our publish was lost: the post may exist. Only status checks settle it.
    if (error.kind === 'unknown')
      return { status: 'unconfirmed', delayMs: checkDelay(ctx, 0), checks: 0, error };
    // A definite refusal worth retrying (5xx, 429): again later; the next run looks the post up first.
    if (target.attempts >= MAX_ATTEMPTS) return failed(error);
    return {
      status: 'queued',
      delayMs: retryDelay(ctx, target.attempts, error.retryAfterMs),
      checks: target.checks,
      error,
    };
  }
  // The lookup of an earlier attempt failed: keep waiting for it, within the check budget.
  if (target.checks + 1 >= MAX_CHECKS) return failed(error);
  const status = phase.arrivedAs === 'queued' ? 'queued' : 'unconfirmed';
  return {
    status,
    delayMs: Math.max(error.retryAfterMs ?? 0, checkDelay(ctx, target.checks)),
    checks: target.checks + 1,
    error,
  };
}

async function record(
  ctx: AppContext,
  companyId: number,
  target: TargetRow,
  authorId: number | null,
  outcome: Outcome,
  account: { name: string; type: string } | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    const history = (remoteUrl: string | null, errorCode: string | null) =>
      // A transient failure before anything was sent is no step of the post.
      outcome.status === 'queued' && target.status === 'queued'
        ? null
        : {
            kind: outcome.status,
            detail: { account_id: target.account_id, remote_url: remoteUrl, error_code: errorCode },
          };
    if (outcome.status === 'published') {
      const remoteUrl = outcome.remote.url.slice(0, 500);
      await settleTarget(ctx, trx, {
        target,
        changes: {
          status: 'published',
          remote_id: outcome.remote.remoteId.slice(0, 200),
          remote_url: remoteUrl,
          published_at: at,
          error_code: null,
          error_status: null,
          next_run_at: null,
        },
        history: history(remoteUrl, null),
        by: system,
        remoteUrl,
        errorCode: null,
        at,
      });
    } else if (outcome.status === 'failed') {
      await settleTarget(ctx, trx, {
        target,
        changes: {
          status: 'failed',
          error_code: outcome.code,
          error_status: outcome.httpStatus,
          next_run_at: null,
        },
        history: history(null, outcome.code),
        by: system,
        remoteUrl: null,
        errorCode: outcome.code,
        at,
      });
      await noticePublishFailed(ctx, trx, authorId, {
        companyId,
        postId: target.post_id,
        account: account?.name ?? '',
        network: account?.type ?? '',
        post: (await findPostRow(trx, companyId, target.post_id))?.text.slice(0, 60) ?? '',
      });
    } else {
      const runAt = isoIn(outcome.delayMs);
      const errorCode = outcome.error?.code ?? null;
      await settleTarget(ctx, trx, {
        target,
        changes: {
          status: outcome.status,
          checks: outcome.checks,
          error_code: errorCode,
          error_status: outcome.error?.status ?? null,
          next_run_at: runAt,
        },
        next: { runAt, key: `target-${target.id}-${outcome.status}-${target.attempts}-${outcome.checks}` },
        history: history(null, errorCode),
        by: system,
        remoteUrl: null,
        errorCode,
        at,
      });
    }
  });
}
