import type {
  PostApprovalState,
  SocialNetwork,
  SocialPost,
  SocialPostDetail,
} from '@kontora/contract/social-posts';
import type { Database } from '../../db/database.ts';
import { parseJson } from '../../lib/json.ts';
import {
  type ApprovalRow,
  historyOf,
  latestApprovalOf,
  mediaIdsOf,
  type PostRow,
  type TargetWithAccount,
  targetsOf,
} from './social-posts.repository.ts';

function toPost(row: PostRow, media: number[], targets: TargetWithAccount[]): SocialPost {
  return {
    id: row.id,
    text: row.text,
    overrides: (parseJson(row.overrides) as Record<string, string> | undefined) ?? {},
    options: (parseJson(row.network_options) as SocialPost['options'] | undefined) ?? {},
    status: row.status,
    scheduled_at: row.scheduled_at,
    time_zone: row.time_zone,
    media_ids: media,
    targets: targets.map((t) => ({
      id: t.id,
      account_id: t.account_id,
      account_name: t.account_name,
      network: t.network as SocialNetwork,
      status: t.status,
      remote_url: t.remote_url,
      attempts: t.attempts,
      error_code: t.error_code,
      error_status: t.error_status,
      published_at: t.published_at,
    })),
    created_by: row.created_by,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Posts with their media ids and per-account targets, in three queries whatever the page size. */
export async function toPosts(db: Database, companyId: number, rows: PostRow[]): Promise<SocialPost[]> {
  const ids = rows.map((r) => r.id);
  const [media, targets] = await Promise.all([mediaIdsOf(db, companyId, ids), targetsOf(db, companyId, ids)]);
  return rows.map((row) =>
    toPost(
      row,
      media.get(row.id) ?? [],
      targets.filter((t) => t.post_id === row.id),
    ),
  );
}

export async function toPostDetail(db: Database, companyId: number, row: PostRow): Promise<SocialPostDetail> {
  const [post] = await toPosts(db, companyId, [row]);
  const [history, approval] = await Promise.all([
    historyOf(db, companyId, row.id),
    latestApprovalOf(db, companyId, row.id),
  ]);
  return {
    approval: approval ? toApprovalState(approval) : null,
    ...(post as SocialPost),
    history: history.map((h) => ({
      id: h.id,
      kind: h.kind,
      detail: (parseJson(h.detail) as Record<string, unknown> | undefined) ?? null,
      actor_id: h.actor_id,
      created_at: h.created_at,
    })),
  };
}

function toApprovalState(row: ApprovalRow): PostApprovalState {
  const expired = row.status === 'pending' && Date.parse(row.expires_at) <= Date.now();
  return {
    status: expired ? 'expired' : row.status,
    comment: row.comment,
    expires_at: row.expires_at,
    decided_at: row.decided_at,
    created_at: row.created_at,
  };
}
