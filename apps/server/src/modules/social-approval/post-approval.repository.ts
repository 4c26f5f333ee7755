import type { Insertable, Selectable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { SocialPostApprovalsTable } from '../../db/schema.ts';

export type ApprovalRow = Selectable<SocialPostApprovalsTable>;

export async function insertApproval(db: Database, row: Insertable<SocialPostApprovalsTable>): Promise<void> {
  await db.insertInto('social_post_approvals').values(row).execute();
}

/** The link behind a token's hash, whatever company it belongs to (the token is the only credential). */
export function findApprovalByHash(db: Database, tokenHash: string): Promise<ApprovalRow | undefined> {
  return crossCompany(db, 'an approval link names its post by the token alone')
    .selectFrom('social_post_approvals')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A new link makes the post's older pending links void. */
export async function replacePendingApprovals(
  db: Database,
  companyId: number,
  postId: number,
): Promise<void> {
  await db
    .updateTable('social_post_approvals')
    .set({ status: 'replaced' })
    .where('company_id', '=', companyId)
    .where('post_id', '=', postId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Records the client's answer only if the link is still pending: of two answers
 * arriving at once exactly one wins (answers whether this one did).
 */
export async function decideApproval(
  db: Database,
  link: { company_id: number; id: number },
  decision: { status: 'approved' | 'changes_requested'; comment: string | null; decided_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('social_post_approvals')
    .set(decision)
    .where('company_id', '=', link.company_id)
    .where('id', '=', link.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
