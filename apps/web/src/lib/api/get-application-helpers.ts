import type { ApplicationHelpers } from '@kontora/contract/helpers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** Lookup lists (countries, currencies, time zones…); they change only with a release. */
export function getApplicationHelpers(): Promise<ApplicationHelpers> {
  return api.get<ApplicationHelpers>('/application-helpers');
}

export const applicationHelpersQueryOptions = () =>
  queryOptions({
    queryKey: ['application-helpers'],
    queryFn: getApplicationHelpers,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useApplicationHelpers() {
  return useQuery(applicationHelpersQueryOptions());
}
