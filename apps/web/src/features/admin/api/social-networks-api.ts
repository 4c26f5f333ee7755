import type { SocialNetwork } from '@kontora/contract/social-posts';
import type { SocialNetworkCheck, SocialNetworkSetup } from '@kontora/contract/social-setup';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every network's set-up: the redirect address to register there and the server's variables (superusers). */
export function useSocialNetworkSetups() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'social', 'networks'],
      queryFn: () => api.get<{ items: SocialNetworkSetup[] }>('/admin/social/networks'),
    }),
  );
}

/** Asks the server to check a network's credentials now; the answer is an outcome code, never the network's text. */
export function useCheckSocialNetwork(type: SocialNetwork) {
  return useMutation({
    mutationFn: () => api.post<SocialNetworkCheck>(`/admin/social/networks/${type}/check`),
  });
}
