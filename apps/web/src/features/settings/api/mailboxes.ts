import type {
  Mailbox,
  MailboxCreateBody,
  MailboxPatchBody,
  MailOauthProvider,
  MailOauthStartBody,
} from '@kontora/contract/mailboxes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { mailboxesKey, mailboxesPath, mailboxesQueryOptions } from '../../shared/api/mailboxes.ts';

const path = mailboxesPath;
const key = mailboxesKey;

export function useMailboxes(companyId: number) {
  return useQuery(mailboxesQueryOptions(companyId));
}

function useRefresh(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key(companyId) });
}

/** Connects: the server tries the IMAP login first (400 with the reason under `imap`). */
export function useConnectMailbox(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: ({ body, key: idempotencyKey }: Keyed<MailboxCreateBody>) =>
      api.post<Mailbox>(path(companyId), body, { idempotencyKey }),
    onSuccess: refresh,
  });
}

export function useUpdateMailbox(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MailboxPatchBody }) =>
      api.patch<Mailbox>(`${path(companyId)}/${id}`, body),
    onSuccess: refresh,
  });
}

/** Disconnects, deleting the mail it synced or leaving it beside the customers. */
export function useDisconnectMailbox(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteEmails }: { id: number; deleteEmails: boolean }) =>
      api.delete<null>(`${path(companyId)}/${id}`, { query: { delete_emails: String(deleteEmails) } }),
    // The customers' and deals' mail lists change too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The providers this deployment offers mailbox sign-in with (none unless a client is configured). */
export function useMailOauthProviders(companyId: number) {
  return useQuery({
    queryKey: [...key(companyId), 'oauth-providers'],
    queryFn: ({ signal }) =>
      api
        .get<{ items: MailOauthProvider[] }>(`${path(companyId)}/oauth/providers`, { signal })
        .then((d) => d.items),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Starts signing in with a provider: the browser leaves for its page and comes back to
 * Settings, where the mailbox then is (or a new sign-in as the same address reconnects it).
 */
export function useStartMailOauth(companyId: number) {
  return useMutation({
    mutationFn: (body: MailOauthStartBody) =>
      api.post<{ authorize_url: string }>(`${path(companyId)}/oauth`, body),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}
