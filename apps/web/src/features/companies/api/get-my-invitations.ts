import type { MyInvitationsData } from '@kontora/contract/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Invitations waiting for the signed-in person's answer. */
export function getMyInvitations(): Promise<MyInvitationsData> {
  return api.get<MyInvitationsData>('/me/invitations');
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'invitations'], queryFn: getMyInvitations });

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
