import type { PostCreateBody, SocialPostDetail } from '@kontora/contract/social-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function createPost(companyId: number, body: PostCreateBody, key?: string): Promise<SocialPostDetail> {
  return api.post(`${socialPath(companyId)}/posts`, body, { idempotencyKey: key });
}

export function useCreatePost(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<PostCreateBody>) => createPost(companyId, body, key),
    onSuccess: () => invalidateSocial(queryClient, companyId),
  });
}
