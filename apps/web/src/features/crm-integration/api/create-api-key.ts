import type { ApiKeyCreateBody, ApiKeyCreated } from '@kontora/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryOptions } from '../../shared/api/get-api-keys.ts';

/** Owners and admins; the answer's `key` is the secret, shown this once. */
export function createApiKey(companyId: number, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  return api.post<ApiKeyCreated>(`/companies/${companyId}/api-keys`, body);
}

export function useCreateApiKey(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => createApiKey(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(companyId).queryKey }),
  });
}
