import type { MySessionsData } from '@kontora/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getSessions(): Promise<MySessionsData> {
  return api.get<MySessionsData>('/me/sessions');
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'sessions'], queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
