import type { PostUpdateBody, SocialPostDetail } from '@kontora/contract/social-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function updatePost(companyId: number, id: number, body: PostUpdateBody): Promise<SocialPostDetail> {
  return api.patch(`${socialPath(companyId)}/posts/${id}`, body);
}

/** Changes a draft or a post waiting for its time (the calendar's drag sends `scheduled_at` alone). */
export function useUpdatePost(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PostUpdateBody }) => updatePost(companyId, id, body),
    onSettled: () => invalidateSocial(queryClient, companyId),
  });
}
