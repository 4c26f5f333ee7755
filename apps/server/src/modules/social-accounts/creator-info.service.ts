import type { TikTokCreatorInfo } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { adapterFor, SocialError } from '../social-networks/social-networks.service.ts';
import { accountForPublishing, markReconnectNeeded } from './social-accounts.service.ts';

/**
 * What a TikTok account may post right now (TikTok's creator info), asked afresh each
 * time as TikTok requires: the composer offers only these privacy levels. A refusal
 * (posting cap, expired token) is a 409 naming the account with the reason's code, which
 * the composer translates as it does a failed publish (`social.reasons.<code>`).
 */
export async function tiktokCreatorInfo(
  ctx: AppContext,
  companyId: number,
  accountId: number,
): Promise<TikTokCreatorInfo> {
  let account: Awaited<ReturnType<typeof accountForPublishing>> = null;
  try {
    account = await accountForPublishing(ctx, companyId, accountId);
    const creatorInfo = account && adapterFor(ctx.config, 'tiktok').creatorInfo;
    if (!account || account.row.type !== 'tiktok' || !creatorInfo) throw notFound('TikTok account');
    return await creatorInfo(account.tokens);
  } catch (error) {
    if (!(error instanceof SocialError)) throw error;
    if (error.code === 'auth_expired' && account) await markReconnectNeeded(ctx, account.row, error.code);
    throw new AppError(409, 'conflict', 'TikTok did not give the account’s creator info.', {
      details: { account_id: [error.code] },
    });
  }
}
