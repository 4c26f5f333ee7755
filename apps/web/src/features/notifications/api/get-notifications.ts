import type { NotificationsPage } from '@kontora/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './notifications-key.ts';

/** GET /api/me/notifications: the newest page, from every company of the person. */
export function getNotifications(): Promise<NotificationsPage> {
  return api.get<NotificationsPage>('/me/notifications');
}

/** Under the live socket's key: a new notification refetches it (use-live-updates.ts). */
export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'list'], queryFn: getNotifications });

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
