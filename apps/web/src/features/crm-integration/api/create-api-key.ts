import type { ApiKeyCreateBody, ApiKeyCreated } from '@kontora/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { apiKeysQueryOptions } from '../../shared/api/get-api-keys.ts';

/** Owners and admins; the answer's `key` is the secret, shown this once. */
export function createApiKey(
  companyId: number,
  body: ApiKeyCreateBody,
  key?: string,
): Promise<ApiKeyCreated> {
  return api.post<ApiKeyCreated>(`/companies/${companyId}/api-keys`, body, { idempotencyKey: key });
}

export function useCreateApiKey(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<ApiKeyCreateBody>) => createApiKey(companyId, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(companyId).queryKey }),
  });
}
