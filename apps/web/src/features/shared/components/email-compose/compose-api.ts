import type { EmailSendBody, OutgoingEmail } from '@kontora/contract/email-sending';
import type { Mailbox } from '@kontora/contract/mailboxes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** What the compose dialog sends: the body as the API takes it, before its defaults. */
export type SendInput = Omit<EmailSendBody, 'cc'> & { cc?: string[] };

/** The caller's own mailboxes: the "From" choices. */
export function useOwnMailboxes(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['mailboxes', companyId],
    queryFn: ({ signal }) => api.get<{ items: Mailbox[] }>(`/companies/${companyId}/mailboxes`, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useSendEmail(companyId: number) {
  return useMutation({
    mutationFn: (body: SendInput) =>
      api.post<{ items: OutgoingEmail[] }>(`/companies/${companyId}/emails`, body),
  });
}

/** Takes back a message not yet sent (409 once it went). */
export function cancelEmail(companyId: number, id: number): Promise<null> {
  return api.delete<null>(`/companies/${companyId}/emails/${id}`);
}
