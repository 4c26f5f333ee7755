import type { EmailTemplate, EmailTemplateBody } from '@kontora/contract/email-sending';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The company's email templates: picked in the compose dialog, kept in settings. */
export const emailTemplatesPath = (companyId: number) => `/companies/${companyId}/email-templates`;
const templateKeys = (companyId: number) => ['email-templates', companyId] as const;

export const emailTemplatesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: templateKeys(companyId),
    queryFn: ({ signal }) => api.get<{ items: EmailTemplate[] }>(emailTemplatesPath(companyId), { signal }),
    staleTime: 30_000,
  });

export function useEmailTemplates(companyId: number) {
  return useQuery(emailTemplatesQueryOptions(companyId));
}

/** Adds a template, or changes the one with `id`. */
export function useSaveEmailTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailTemplateBody }) =>
      id === null
        ? api.post<EmailTemplate>(emailTemplatesPath(companyId), body)
        : api.patch<EmailTemplate>(`${emailTemplatesPath(companyId)}/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys(companyId) }),
  });
}

export function useDeleteEmailTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${emailTemplatesPath(companyId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys(companyId) }),
  });
}
