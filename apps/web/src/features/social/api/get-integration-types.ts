import type { SocialIntegrationType } from '@kontora/contract/helpers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys } from '../../shared/api/social-keys.ts';

export function getIntegrationTypes(): Promise<SocialIntegrationType[]> {
  return api.get('/company-social-integration-types');
}

/** The networks and their limits: static, so kept for the session. */
export const integrationTypesQueryOptions = () =>
  queryOptions({
    queryKey: socialKeys.types(),
    queryFn: getIntegrationTypes,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useIntegrationTypes() {
  return useQuery(integrationTypesQueryOptions());
}
