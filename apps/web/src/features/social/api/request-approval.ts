import type { ApprovalLink } from '@kontora/contract/social-approval';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSocial, socialPath } from '../../shared/api/social-keys.ts';

export function requestApproval(companyId: number, postId: number): Promise<ApprovalLink> {
  return api.post(`${socialPath(companyId)}/posts/${postId}/request-approval`);
}

/** A new approval link for a draft (the older one stops working). */
export function useRequestApproval(companyId: number, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestApproval(companyId, postId),
    onSuccess: () => invalidateSocial(queryClient, companyId),
  });
}
