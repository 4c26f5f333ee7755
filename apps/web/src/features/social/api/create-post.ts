import type { PostCreateBody, SocialPostDetail } from '@kontora/contract/social-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function createPost(companyId: number, body: PostCreateBody): Promise<SocialPostDetail> {
  return api.post(`${socialPath(companyId)}/posts`, body);
}

export function useCreatePost(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostCreateBody) => createPost(companyId, body),
    onSuccess: () => invalidateSocial(queryClient, companyId),
  });
}
