import type { InvitationPreview, MyInvitation } from '@kontora/contract/invitations';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type InvitationAnswer = 'accept' | 'decline';

/** Accepting makes the person a member; declining closes the invitation. */
export function answerMyInvitation(id: number, answer: InvitationAnswer): Promise<MyInvitation> {
  return api.post<MyInvitation>(`/me/invitations/${id}/${answer}`);
}

/** The same by a mail link's token (signed in as the person it was sent to); the link then stops working. */
export function answerInvitationByToken(token: string, answer: InvitationAnswer): Promise<MyInvitation> {
  return api.post<MyInvitation>(`/invitations/${encodeURIComponent(token)}/${answer}`);
}

/** What a mail link offers: company, role, who invited (no sign-in needed). */
export function getInvitationPreview(token: string): Promise<InvitationPreview> {
  return api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`);
}

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitation', token], queryFn: () => getInvitationPreview(token), retry: false });

export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token));
}

/** An answer changes the person's invitations and, once accepted, their companies. */
function afterAnswer(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['me', 'invitations'] }),
    queryClient.invalidateQueries({ queryKey: ['me', 'companies'] }),
  ]).then(() => undefined);
}

export function useAnswerMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: InvitationAnswer }) => answerMyInvitation(id, answer),
    onSuccess: () => afterAnswer(queryClient),
  });
}

export function useAnswerInvitationByToken(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: InvitationAnswer) => answerInvitationByToken(token, answer),
    onSuccess: () => afterAnswer(queryClient),
  });
}
