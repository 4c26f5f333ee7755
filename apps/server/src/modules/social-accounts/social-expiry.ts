import { RECONNECT_NOTICE_MS } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { isoIn, nowIso } from '../../lib/tokens.ts';
import { recordChange } from '../change-feed/change-feed.service.ts';
import {
  type AccountRow,
  accountsEndingBefore,
  findAccountRow,
  updateAccount,
} from './social-accounts.repository.ts';
import { noticeExpiresSoon } from './social-notices.service.ts';

/**
 * When the connection ends for good unless someone connects again, where the network
 * states it: a refresh token's expiry (LinkedIn and TikTok state one), else — with
 * nothing to refresh with — the access token's own expiry. Null when nothing is stated
 * (X, YouTube, Facebook page tokens): such accounts are told only when a refresh fails.
 */
export function reconnectBy(
  row: Pick<AccountRow, 'refresh_token' | 'refresh_expires_at' | 'token_expires_at'>,
) {
  return row.refresh_token ? row.refresh_expires_at : row.token_expires_at;
}

/** Whether a refresh moved the end far enough away that a later approach should be told again. */
export const endsLater = (reconnect: string | null) => !reconnect || reconnect > isoIn(RECONNECT_NOTICE_MS);

/**
 * Tells the owners and admins of every account whose connection ends within 7 days,
 * once (mail, the account's `reconnect_by` on screen, a change event); a reconnect or a
 * refresh that moves the end later clears the mark so the next approach is told again.
 */
export async function noticeEndingAccounts(ctx: AppContext): Promise<number> {
  const due = await accountsEndingBefore(ctx.db, isoIn(RECONNECT_NOTICE_MS), 200);
  for (const { id, company_id } of due) {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await findAccountRow(trx, company_id, id);
      if (row?.status !== 'active' || row.owners_notified_at) return;
      const ends = reconnectBy(row);
      if (!ends) return;
      const at = nowIso();
      await updateAccount(trx, company_id, id, { owners_notified_at: at, updated_at: at });
      await noticeExpiresSoon(ctx, trx, company_id, { account: row.name, network: row.type, endsAt: ends });
      await recordChange(trx, {
        companyId: company_id,
        type: 'social_account.expires_soon',
        entity: { type: 'social_account', id },
        actor: { kind: 'system', name: 'social' },
        data: { type: row.type, name: row.name, reconnect_by: ends },
      });
    });
  }
  return due.length;
}
