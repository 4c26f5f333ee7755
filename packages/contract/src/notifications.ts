import { z } from 'zod';
import { Cursor } from './fields.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';

/** Notifications of the signed-in person, across their companies (`/api/me/notifications…`). */
export { NOTIFICATION_KINDS } from './notification-kinds.ts';

export const NOTIFICATION_LIMITS = {
  pageSize: 20,
  /** Days a notification is kept, read or not. */
  keepDays: 90,
} as const;

const Channels = z.object({ mail: z.boolean(), in_app: z.boolean() }).strict();

/** Part of `PATCH /api/me`: the kinds given are changed, the others stay. */
export const NotificationPreferencesPatch = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Channels])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      typeof Channels
    >,
  )
  .partial()
  .strict();

export const NotificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Channels])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    typeof Channels
  >,
);

export const NotificationsQuery = z.object({
  /** `1`: only unread ones. */
  unread: z.enum(['0', '1']).optional(),
  cursor: Cursor(100).optional(),
});

export const Notification = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * What the text says, by kind: `title` (a to-do's title, a post's first line, a
   * connection's provider, a customer's name), `actor_name`, `decision`
   * (`approved` | `changes_requested`), `network`, `start_at`.
   */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The record's screen, naming its company (`#/company/…?company=3`). */
  link: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsPage = z.object({
  items: z.array(Notification),
  next_cursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const UnreadCount = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * On the live socket, to the person's own sockets only: something new for them. It
 * carries no content (the list is read through the API, which checks membership).
 */
export const LiveNotification = z.object({ type: z.literal('notification'), id: z.number() });
export type LiveNotification = z.infer<typeof LiveNotification>;
