import type { SocialNetwork } from '@kontora/contract/social-posts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialPath } from '../../shared/api/social-keys.ts';

export function connectAccount(companyId: number, type: SocialNetwork): Promise<{ authorize_url: string }> {
  return api.post(`${socialPath(companyId)}/accounts/connect`, { type });
}

/** Starts the network's authorisation: the browser leaves for its page and comes back to the accounts tab. */
export function useConnectAccount(companyId: number) {
  return useMutation({
    mutationFn: (type: SocialNetwork) => connectAccount(companyId, type),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}
