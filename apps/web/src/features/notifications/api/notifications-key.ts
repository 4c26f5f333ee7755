/** The query key under which every notifications query lives (list and unread count), so one message refreshes both. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
