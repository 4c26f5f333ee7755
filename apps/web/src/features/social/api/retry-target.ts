import type { SocialPostDetail } from '@kontora/contract/social-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function retryTarget(companyId: number, postId: number, targetId: number): Promise<SocialPostDetail> {
  return api.post(`${socialPath(companyId)}/posts/${postId}/targets/${targetId}/retry`);
}

export function useRetryTarget(companyId: number, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetId: number) => retryTarget(companyId, postId, targetId),
    onSuccess: () => invalidateSocial(queryClient, companyId),
  });
}
