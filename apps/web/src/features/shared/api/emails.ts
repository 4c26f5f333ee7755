import type { EmailMessage, EmailThread } from '@kontora/contract/mailboxes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whose mail: a customer's, or a deal's people and organisation. */
export type MailOwner = { kind: 'customers' | 'deals'; id: number };

export const emailKeys = {
  threads: (companyId: number, owner: MailOwner) => ['emails', companyId, owner.kind, owner.id] as const,
  message: (companyId: number, id: number, images: boolean) =>
    ['emails', companyId, 'message', id, images] as const,
};

/** New mail arrives by the server's poll: the list is asked again now and then while shown. */
const THREADS_REFRESH_MS = 30_000;

export function useEmailThreads(companyId: number, owner: MailOwner) {
  return useQuery({
    queryKey: emailKeys.threads(companyId, owner),
    queryFn: (): Promise<EmailThread[]> =>
      api
        .get<{ items: EmailThread[] }>(`/companies/${companyId}/${owner.kind}/${owner.id}/emails`)
        .then((d) => d.items),
    refetchInterval: THREADS_REFRESH_MS,
  });
}

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
