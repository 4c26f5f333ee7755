import type { MembersData } from '@kontora/contract/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every member of the company may list its team. */
export function getTeam(companyId: number): Promise<MembersData> {
  return api.get<MembersData>(`/companies/${companyId}/members`);
}

export const teamQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['team', companyId], queryFn: () => getTeam(companyId) });

export function useTeam(companyId: number) {
  return useQuery(teamQueryOptions(companyId));
}
