import type { SocialNetworkAvailability } from '@kontora/contract/social-setup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys, socialPath } from '../../shared/api/social-keys.ts';

/** Which networks this deployment has an app for: only those can be connected. */
export function getNetworkAvailability(companyId: number): Promise<{ items: SocialNetworkAvailability[] }> {
  return api.get(`${socialPath(companyId)}/networks`);
}

export function useNetworkAvailability(companyId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...socialKeys.all(companyId), 'networks'],
      queryFn: () => getNetworkAvailability(companyId),
    }),
  );
}
