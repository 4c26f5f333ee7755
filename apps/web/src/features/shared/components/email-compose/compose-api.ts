import type { EmailSendBody, OutgoingEmail } from '@kontora/contract/email-sending';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { emailKeys } from '../../api/emails.ts';
import { mailboxesQueryOptions } from '../../api/mailboxes.ts';

/** What the compose dialog sends: the body as the API takes it, before its defaults. */
export type SendInput = Omit<EmailSendBody, 'cc'> & { cc?: string[] };

/** The caller's own mailboxes: the "From" choices (the list Settings shows, from the same cache). */
export function useOwnMailboxes(companyId: number, enabled: boolean) {
  return useQuery({ ...mailboxesQueryOptions(companyId), enabled, staleTime: 30_000 });
}

export function useSendEmail(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendInput) =>
      api.post<{ items: OutgoingEmail[] }>(`/companies/${companyId}/emails`, body),
    // The live notice says so too; this tab need not wait for its socket.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.scheduled(companyId) }),
  });
}

/** Takes back a message not yet sent (409 once it went). */
export function cancelEmail(companyId: number, id: number): Promise<null> {
  return api.delete<null>(`/companies/${companyId}/emails/${id}`);
}
