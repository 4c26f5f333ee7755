import type { AppContext } from '../../context.ts';
import { announceMail } from '../live/live.service.ts';
import type { MailboxRow } from './mailboxes.repository.ts';

type Box = Pick<MailboxRow, 'company_id' | 'id' | 'user_id' | 'visibility'>;

/**
 * Mail of the mailbox beside the customers changed (kept, sent, dropped): the Emails cards of
 * everyone who may see it refresh; of a private mailbox, only its owner's (decision 079).
 */
export function announceMailKept(ctx: AppContext, box: Box): void {
  announceMail(ctx, box.company_id, box.id, box.visibility === 'private' ? box.user_id : null);
}

/** The owner's own outbox changed (queued, cancelled, failed): only their screens hear of it. */
export function announceOutbox(ctx: AppContext, box: Box): void {
  announceMail(ctx, box.company_id, box.id, box.user_id);
}
