import type { UnreadCount } from '@kontora/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './notifications-key.ts';

export function getUnreadCount(): Promise<UnreadCount> {
  return api.get<UnreadCount>('/me/notifications/unread-count');
}

/** Also read when the tab comes back: a socket down meanwhile may have missed some. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread-count'],
    queryFn: getUnreadCount,
    refetchOnWindowFocus: 'always',
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
