import type { EmailMessage } from '@kontora/contract/mailboxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { useSession } from '../../../../lib/session.ts';
import { useOwnMailboxes } from '../email-compose/compose-api.ts';
import { LazyEmailComposeDialog } from '../email-compose/lazy-email-compose-dialog.ts';
import { type ReplyAddressing, replyAddressing } from './reply-addresses.ts';
import { replyQuote } from './reply-quote.ts';

/** The text of an HTML-only message, by the browser's parser (nothing in it runs or loads). */
const textOfHtml = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/**
 * Reply and Reply all under an opened message: the compose dialog answering it, from the
 * reader's mailbox the message reached (else their first that can send); without one that
 * can send, the dialog says how to connect one.
 */
export function ReplyButtons({ companyId, message }: { companyId: number; message: EmailMessage }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { user } = useSession();
  const boxes = useOwnMailboxes(companyId, true);
  const mailboxes = boxes.data ?? [];
  const [reply, setReply] = useState<ReplyAddressing | null>(null);
  const own = new Set([...mailboxes.map((box) => box.email), user?.email ?? ''].map((a) => a.toLowerCase()));
  const single = replyAddressing(message, own, false);
  const all = replyAddressing(message, own, true);
  // Until the reader's mailboxes are known, their addresses could not be left out.
  if (boxes.isPending || single.to.length === 0) return null;

  const involved = new Set(
    [message.from, ...message.to, ...message.cc].flatMap((a) => (a ? [a.address.toLowerCase()] : [])),
  );
  const senders = mailboxes.filter((box) => box.can_send);
  const from = senders.find((box) => involved.has(box.email.toLowerCase())) ?? senders[0];
  const manyRecipients = all.to.length + all.cc.length > single.to.length;
  const sender = message.from
    ? message.from.name
      ? `${message.from.name} <${message.from.address}>`
      : message.from.address
    : t('emails.unknownSender');
  const quote = replyQuote(
    message,
    t('emails.quoteIntro', { date: format.dateTime(message.date), from: sender }),
    textOfHtml,
  );

  return (
    <div className="d-flex flex-wrap gap-2 mb-2">
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setReply(single)}>
        {t('emails.reply')}
      </button>
      {manyRecipients && (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setReply(all)}>
          {t('emails.replyAll')}
        </button>
      )}
      <LazyEmailComposeDialog
        open={reply !== null}
        onClose={() => setReply(null)}
        companyId={companyId}
        target={{ label: reply?.to.join(', ') ?? '', addresses: reply?.to ?? [], cc: reply?.cc ?? [] }}
        inReplyTo={message.id}
        subject={reply?.subject ?? ''}
        {...(quote ? { quote } : {})}
        {...(from ? { mailboxId: from.id } : {})}
      />
    </div>
  );
}
