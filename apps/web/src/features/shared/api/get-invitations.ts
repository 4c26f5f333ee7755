import type { InvitationsData } from '@kontora/contract/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The company's pending invitations, expired ones included (owners, admins, superusers). */
export function getInvitations(companyId: number): Promise<InvitationsData> {
  return api.get<InvitationsData>(`/companies/${companyId}/invitations`);
}

export const invitationsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['team', companyId, 'invitations'], queryFn: () => getInvitations(companyId) });

export function useInvitations(companyId: number, enabled = true) {
  return useQuery({ ...invitationsQueryOptions(companyId), enabled });
}
