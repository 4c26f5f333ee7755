import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryOptions } from '../../shared/api/get-api-keys.ts';

/** Owners and admins; the key is refused from the next request on. */
export function revokeApiKey(companyId: number, id: number): Promise<void> {
  return api.delete<void>(`/companies/${companyId}/api-keys/${id}`);
}

export function useRevokeApiKey(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeApiKey(companyId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(companyId).queryKey }),
  });
}
