import type { LiveAdmin, SettingsNoticeKind } from '@kontora/contract/live';
import type { AppContext } from '../../context.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { findUserById } from '../users/users.service.ts';
import { moduleOfSetting } from './live-messages.ts';
import { createNoticeBoard, type NoticeBoard } from './notice-board.ts';

/** A settings notice as it travels between instances: with its company and the module needed to hear it. */
export interface PublishedSettingsNotice {
  companyId: number;
  module: number;
  notice: LiveAdmin;
  /** Only this person's sockets hear it (mail of a private mailbox, a person's own outbox). */
  userId?: number;
}

/**
 * Where the webhook and connector services report a committed change of a
 * company's integration settings. Those are in no feed (the feed also reaches
 * customers' webhook endpoints and the public API, whose contract stays), so
 * the live module publishes each on a relay, as admin notices and job events
 * are, for that company's sockets on every instance.
 */
export type SettingsNotices = NoticeBoard<PublishedSettingsNotice>;

export const createSettingsNotices = (): SettingsNotices => createNoticeBoard<PublishedSettingsNotice>();

/**
 * Reports a change of a webhook endpoint or connection, once committed.
 * `actor` null: nobody did it (an endpoint turned off after failing).
 */
export async function announceSetting(
  ctx: AppContext,
  companyId: number,
  actor: Actor | null,
  kind: SettingsNoticeKind,
  id: number,
): Promise<void> {
  // The change is committed: a name that cannot be read leaves the notice without one, never fails the change.
  const actorName = actor === null ? null : await actorNameOf(ctx, actor).catch(() => null);
  ctx.settingsNotices.notify({
    companyId,
    module: moduleOfSetting(kind),
    notice: { type: 'admin', kind, id, actor_name: actorName, at: new Date().toISOString() },
  });
}

/** As the change feed names its actor: the API key by its name, else the person. */
async function actorNameOf(ctx: AppContext, actor: Actor): Promise<string | null> {
  if (actor.apiKey) return actor.apiKey.name;
  const userId = authorIdOf(actor);
  return userId === null ? null : ((await findUserById(ctx.db, userId))?.full_name ?? null);
}

/**
 * Reports that mail beside the customers changed in a mailbox, once committed (decision
 * 079): to the sockets of the company's CRM users, or with `onlyUserId` to that person's
 * alone (mail nobody else may see, their own scheduled messages). It names the mailbox,
 * never a message, a customer or an address.
 */
export function announceMail(
  ctx: AppContext,
  companyId: number,
  mailboxId: number,
  onlyUserId: number | null,
) {
  ctx.settingsNotices.notify({
    companyId,
    module: moduleOfSetting('mail.changed'),
    notice: {
      type: 'admin',
      kind: 'mail.changed',
      id: mailboxId,
      actor_name: null,
      at: new Date().toISOString(),
    },
    ...(onlyUserId === null ? {} : { userId: onlyUserId }),
  });
}
