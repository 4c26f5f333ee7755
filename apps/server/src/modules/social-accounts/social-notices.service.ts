import { companyLink } from '@kontora/contract/app-links';
import { isLanguage } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { listTeam } from '../members/members.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findUserById } from '../users/users.service.ts';
import { renderSocialNotice, type SocialNotice } from './social-mail-templates.ts';

export const NETWORK_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/**
 * What a notice says. No reason: the network's words never reach a mail (decision 059), and
 * the linked page shows Kontora's translated reason.
 */
interface NoticeFacts {
  account: string;
  network: string;
  post?: string;
  link: string;
  /** ISO instant, shown as a date in the person's language. */
  endsAt?: string;
}

async function mailPerson(
  ctx: AppContext,
  db: Database,
  userId: number,
  kind: SocialNotice,
  facts: NoticeFacts,
) {
  const person = await findUserById(db, userId);
  if (person?.status !== 'active') return;
  const language = isLanguage(person.language) ? person.language : 'hr';
  const date = facts.endsAt
    ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(facts.endsAt))
    : undefined;
  const mail = renderSocialNotice(kind, language, {
    to: person.email,
    appName: ctx.config.appName,
    ...facts,
    ...(date ? { date } : {}),
    network: NETWORK_NAMES[facts.network] ?? facts.network,
  });
  await ctx.jobs.enqueue(db, sendMailJob, mail);
}

/** Tells the company's owners and admins that an account must be connected again (mail jobs in `db`). */
export async function noticeReconnectNeeded(
  ctx: AppContext,
  db: Database,
  companyId: number,
  facts: Omit<NoticeFacts, 'link'>,
): Promise<void> {
  const team = await listTeam({ ...ctx, db }, companyId);
  const link = companyLink('/company/social/accounts', companyId, ctx.config.appUrl);
  for (const member of team.filter((m) => m.role === 'owner' || m.role === 'admin')) {
    await mailPerson(ctx, db, member.user_id, 'reconnect_needed', { ...facts, link });
  }
}

/** Tells the company's owners and admins that an account's connection ends soon (the network's stated expiry). */
export async function noticeExpiresSoon(
  ctx: AppContext,
  db: Database,
  companyId: number,
  facts: { account: string; network: string; endsAt: string },
): Promise<void> {
  const team = await listTeam({ ...ctx, db }, companyId);
  const link = companyLink('/company/social/accounts', companyId, ctx.config.appUrl);
  for (const member of team.filter((m) => m.role === 'owner' || m.role === 'admin')) {
    await mailPerson(ctx, db, member.user_id, 'expires_soon', { ...facts, link });
  }
}

/** Tells a post's author that it failed on an account: under the bell and by mail, as they chose. */
export async function noticePublishFailed(
  ctx: AppContext,
  db: Database,
  authorId: number | null,
  facts: Omit<NoticeFacts, 'link'> & { companyId: number; postId: number },
): Promise<void> {
  if (authorId === null) return;
  const { mail } = await notify(ctx, db, {
    userId: authorId,
    companyId: facts.companyId,
    kind: 'post_publish_failed',
    recordId: facts.postId,
    route: `/company/social/posts/${facts.postId}`,
    data: {
      title: facts.post ?? '',
      network: NETWORK_NAMES[facts.network] ?? facts.network,
      account: facts.account,
    },
  });
  if (!mail) return;
  const link = companyLink(`/company/social/posts/${facts.postId}`, facts.companyId, ctx.config.appUrl);
  await mailPerson(ctx, db, authorId, 'publish_failed', { ...facts, link });
}
