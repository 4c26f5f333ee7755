import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function deletePost(companyId: number, id: number): Promise<void> {
  return api.delete(`${socialPath(companyId)}/posts/${id}`);
}

export function useDeletePost(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePost(companyId, id),
    onSuccess: () => invalidateSocial(queryClient, companyId),
  });
}
