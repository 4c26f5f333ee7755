import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './notifications-key.ts';

/** POST /api/me/notifications/{id}/read, or `all`: …/read-all. */
export function markRead(id: number | 'all'): Promise<unknown> {
  return api.post(id === 'all' ? '/me/notifications/read-all' : `/me/notifications/${id}/read`);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
