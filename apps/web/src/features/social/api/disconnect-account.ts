import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function disconnectAccount(companyId: number, id: number): Promise<void> {
  return api.delete(`${socialPath(companyId)}/accounts/${id}`);
}

export function useDisconnectAccount(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => disconnectAccount(companyId, id),
    onSuccess: () => invalidateSocial(queryClient, companyId),
  });
}
