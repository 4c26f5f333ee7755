import { type PostCreateBody, postProblems } from '@kontora/contract/social-posts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { socialIntegrationTypes } from '../catalogue/catalogue.service.ts';
import { accountsForPost } from '../social-accounts/social-accounts.service.ts';
import { companyMedia, type PostMedium } from './post-media.ts';

export interface CheckedPost {
  accounts: Awaited<ReturnType<typeof accountsForPost>>;
  media: PostMedium[];
}

/**
 * Everything a post must satisfy before it is saved, as one 400 with every field
 * named: accounts and media of this company, each chosen network's rules (the
 * composer runs the same `postProblems`), a schedule not in the past. Drafts
 * skip the network rules (they are work in progress) but not the references.
 */
export async function checkPost(
  ctx: AppContext,
  companyId: number,
  post: Required<Pick<PostCreateBody, 'text' | 'media_ids' | 'account_ids'>> & {
    overrides: Partial<Record<string, string>>;
    scheduled_at: string | null;
    draft: boolean;
  },
): Promise<CheckedPost> {
  const details: Record<string, string[]> = {};
  const accounts = await accountsForPost(ctx, companyId, post.account_ids);
  if (accounts.length !== new Set(post.account_ids).size) details.account_ids = ['not_found'];
  else if (!post.draft && accounts.some((a) => a.status !== 'active'))
    details.account_ids = ['reconnect_needed'];
  const media = await companyMedia(ctx, companyId, post.media_ids);
  if (media.length !== new Set(post.media_ids).size) details.media_ids = ['not_found'];
  if (post.scheduled_at !== null && new Date(post.scheduled_at).getTime() < Date.now())
    details.scheduled_at = ['in_past'];
  if (!post.draft && !details.account_ids && !details.media_ids) {
    const chosen = new Set(accounts.map((a) => a.type));
    const networks = (await socialIntegrationTypes(ctx.db)).filter((n) => chosen.has(n.key));
    Object.assign(details, postProblems({ text: post.text, overrides: post.overrides, media, networks }));
  }
  if (Object.keys(details).length)
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details });
  return { accounts, media };
}
