import type { CompanySecurity } from '@kontora/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companySecurityQueryOptions } from './get-company-security.ts';

/** Owners only; turning it on needs two-factor on the owner's own account (409 otherwise). */
export function updateCompanySecurity(companyId: number, body: CompanySecurity): Promise<CompanySecurity> {
  return api.put<CompanySecurity>(`/companies/${companyId}/security`, body);
}

export function useUpdateCompanySecurity(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySecurity) => updateCompanySecurity(companyId, body),
    onSuccess: (data) => queryClient.setQueryData(companySecurityQueryOptions(companyId).queryKey, data),
  });
}
