import type { EmailAddress, EmailMessage } from '@kontora/contract/mailboxes';

export type ReplyAddressing = { to: string[]; cc: string[]; subject: string };

/** "Re: " once: a subject already answering ("Re:", "RE :") is kept as it is. */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`.trim();
}

const addressesOf = (list: readonly EmailAddress[]) => list.map((a) => a.address);

/** Keeps each address once (case-insensitively) and drops the reader's own and those in `skip`. */
function others(list: readonly string[], own: ReadonlySet<string>, skip: readonly string[] = []): string[] {
  const seen = new Set([...own, ...skip.map((a) => a.toLowerCase())]);
  return list.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Who a reply goes to, the way mail clients do it: the sender (or, answering one's own
 * message, its recipients); reply all adds the other recipients and keeps the Cc, never the
 * reader's own addresses (`own`, lower case).
 */
export function replyAddressing(
  message: EmailMessage,
  own: ReadonlySet<string>,
  all: boolean,
): ReplyAddressing {
  const sender = message.from ? [message.from.address] : [];
  const fromMe = sender.some((a) => own.has(a.toLowerCase()));
  const first = fromMe ? addressesOf(message.to) : sender;
  const to = others(all ? [...first, ...addressesOf(message.to)] : first, own);
  const cc = all ? others(addressesOf(message.cc), own, to) : [];
  return { to, cc, subject: replySubject(message.subject) };
}
