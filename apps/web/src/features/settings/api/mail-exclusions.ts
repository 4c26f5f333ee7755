import type { MailExclusions, MailSettings } from '@kontora/contract/mail-exclusions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The company's list, or the person's own (their mailboxes in this company). */
export type ExclusionScope = 'company' | 'own';

const pathOf = (companyId: number, scope: ExclusionScope) =>
  scope === 'company'
    ? `/companies/${companyId}/mail-exclusions`
    : `/companies/${companyId}/mailboxes/exclusions`;
const keyOf = (companyId: number, scope: ExclusionScope) => ['mail-exclusions', companyId, scope] as const;

export function useMailExclusions(companyId: number, scope: ExclusionScope) {
  return useQuery({
    queryKey: keyOf(companyId, scope),
    queryFn: ({ signal }) =>
      api.get<MailExclusions>(pathOf(companyId, scope), { signal }).then((d) => d.items),
  });
}

/**
 * Saves the list whole. Added entries delete the mail they cover in the background, so the
 * mailbox counts and Emails cards are asked again a little later by the `mail.changed` notice.
 */
export function usePutMailExclusions(companyId: number, scope: ExclusionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: string[]) =>
      api.put<MailExclusions>(pathOf(companyId, scope), { items }).then((d) => d.items),
    onSuccess: (items) => queryClient.setQueryData(keyOf(companyId, scope), items),
  });
}

const settingsPath = (companyId: number) => `/companies/${companyId}/mail-settings`;
const settingsKey = (companyId: number) => ['mail-settings', companyId] as const;

/** Whether the company links mail to organisations by their domain. */
export function useMailSettings(companyId: number) {
  return useQuery({
    queryKey: settingsKey(companyId),
    queryFn: ({ signal }) => api.get<MailSettings>(settingsPath(companyId), { signal }),
  });
}

export function usePutMailSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettings) => api.put<MailSettings>(settingsPath(companyId), body),
    onSuccess: (data) => queryClient.setQueryData(settingsKey(companyId), data),
  });
}
