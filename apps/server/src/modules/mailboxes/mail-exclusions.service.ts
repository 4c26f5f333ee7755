import type { MailExclusions, MailSettings } from '@kontora/contract/mail-exclusions';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import {
  type ExclusionList,
  listExclusions,
  lockExclusions,
  replaceExclusions,
} from './mail-exclusions.repository.ts';
import { matchesOrganisationDomains } from './mail-org-domains.ts';
import { purgeExcludedMailJob } from './mailbox-jobs.ts';

/** The company's list (`own: false`) or the caller's own in the company. */
const listOf = (actor: Actor, own: boolean): ExclusionList => ({
  companyId: actor.companyId,
  userId: own ? personOf(actor) : null,
});

export async function getExclusions(ctx: AppContext, actor: Actor, own: boolean): Promise<MailExclusions> {
  return { items: await listExclusions(ctx.db, listOf(actor, own)) };
}

/**
 * Writes the list whole. When it gains an entry, the deletion of the kept mail it now
 * covers is queued in the same transaction (a background job: it reads all the list's
 * mail), so a saved entry is never left without its purge.
 */
export async function putExclusions(
  ctx: AppContext,
  actor: Actor,
  own: boolean,
  items: readonly string[],
): Promise<MailExclusions> {
  const list = listOf(actor, own);
  await ctx.db.transaction().execute(async (trx) => {
    await lockExclusions(trx, list.companyId);
    const before = new Set(await listExclusions(trx, list));
    await replaceExclusions(trx, list, items, ctx.clock.nowIso());
    if (items.some((entry) => !before.has(entry))) {
      await ctx.jobs.enqueue(trx, purgeExcludedMailJob, { company_id: list.companyId, user_id: list.userId });
    }
  });
  return getExclusions(ctx, actor, own);
}

export async function getMailSettings(ctx: AppContext, actor: Actor): Promise<MailSettings> {
  return { organisation_domains: await matchesOrganisationDomains(ctx.db, actor.companyId) };
}

/** Applies to mail synced from now on; what was kept is not linked again. */
export async function putMailSettings(
  ctx: AppContext,
  actor: Actor,
  body: MailSettings,
): Promise<MailSettings> {
  await ctx.db
    .updateTable('companies')
    .set({ mail_org_domains: body.organisation_domains, updated_at: ctx.clock.nowIso() })
    .where('id', '=', actor.companyId)
    .execute();
  return getMailSettings(ctx, actor);
}
