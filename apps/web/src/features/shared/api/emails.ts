import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { EmailMessage, EmailThread } from '@kontora/contract/mailboxes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whose mail: a customer's, or a deal's people and organisation. */
export type MailOwner = { kind: 'customers' | 'deals'; id: number };

export const emailKeys = {
  /** Every customer's and deal's threads: what a `mail.changed` live notice refetches. */
  allThreads: (companyId: number) => ['emails', companyId, 'threads'] as const,
  threads: (companyId: number, owner: MailOwner) =>
    [...emailKeys.allThreads(companyId), owner.kind, owner.id] as const,
  scheduled: (companyId: number) => ['emails', companyId, 'scheduled'] as const,
  message: (companyId: number, id: number, images: boolean) =>
    ['emails', companyId, 'message', id, images] as const,
};

/**
 * The threads with a customer or a deal's people. New mail (a sync, a send) refetches it
 * through the live socket's `mail.changed` notice (live-invalidation.ts, decision 079).
 */
export const emailThreadsQueryOptions = (companyId: number, owner: MailOwner) =>
  queryOptions({
    queryKey: emailKeys.threads(companyId, owner),
    queryFn: ({ signal }): Promise<EmailThread[]> =>
      api
        .get<{ items: EmailThread[] }>(`/companies/${companyId}/${owner.kind}/${owner.id}/emails`, { signal })
        .then((d) => d.items),
  });

export function useEmailThreads(companyId: number, owner: MailOwner) {
  return useQuery(emailThreadsQueryOptions(companyId, owner));
}

/** The caller's own messages not yet sent, soonest first (`GET …/emails/scheduled`). */
export const scheduledEmailsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: emailKeys.scheduled(companyId),
    queryFn: ({ signal }) =>
      api
        .get<{ items: OutgoingEmail[] }>(`/companies/${companyId}/emails/scheduled`, { signal })
        .then((d) => d.items),
  });

/** One message; with `images` its remote images are given as addresses to load. */
export function useEmailMessage(companyId: number, id: number | null, images: boolean) {
  return useQuery({
    queryKey: emailKeys.message(companyId, id ?? 0, images),
    queryFn: () =>
      api.get<EmailMessage>(`/companies/${companyId}/emails/${id}`, {
        query: images ? { images: 'true' } : {},
      }),
    enabled: id !== null,
  });
}

export const attachmentPath = (companyId: number, emailId: number, attachmentId: number) =>
  `/companies/${companyId}/emails/${emailId}/attachments/${attachmentId}`;
