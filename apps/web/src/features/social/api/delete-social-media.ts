import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialMediaKeys, socialMediaPath } from '../../shared/api/social-media-keys.ts';

export function deleteSocialMedia(companyId: number, id: number): Promise<void> {
  return api.delete<void>(`${socialMediaPath(companyId)}/${id}`);
}

export function useDeleteSocialMedia(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSocialMedia(companyId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialMediaKeys.all(companyId) }),
  });
}
