import type { SessionUser } from '@kontora/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export function getMe(): Promise<SessionUser> {
  return api.get<SessionUser>('/me');
}

/** Refetched when the tab regains focus: a session ended elsewhere is noticed when the person comes back. */
export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: getMe, refetchOnWindowFocus: 'always', staleTime: 60_000 });

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
