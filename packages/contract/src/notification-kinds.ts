/**
 * What a person is notified of in the app (docs/decisions/055-notifications.md), and how
 * they choose to hear of each kind. Without zod: the bell and the settings screen read it.
 */
export const NOTIFICATION_KINDS = [
  /** A reminder of a to-do assigned to the person came due. */
  'todo_reminder',
  /** Someone else assigned a to-do to the person. */
  'todo_assigned',
  /** A client approved the person's post, or asked for changes (`data.decision`). */
  'post_decided',
  /** The person's post failed to publish on an account. */
  'post_publish_failed',
  /** The person was invited to a company they already have an account for. */
  'invitation',
  /** A CRM connection of a company the person administers stopped syncing. */
  'connector_failed',
  /** Someone mentioned the person in a customer note. */
  'mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds that are also mailed (as before notifications existed); the others are in the app only. */
export const MAILED_KINDS: readonly NotificationKind[] = [
  'todo_reminder',
  'post_decided',
  'post_publish_failed',
];

export type NotificationChannels = { mail: boolean; in_app: boolean };
export type NotificationPreferences = Record<NotificationKind, NotificationChannels>;

/** Every kind, both ways: what people had before they chose (mail as before, plus the bell). */
export function defaultNotificationPreferences(): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, { mail: true, in_app: true }]),
  ) as NotificationPreferences;
}

/** A stored or cached value made whole: unknown kinds dropped, missing or malformed ones defaulted. */
export function normalizeNotificationPreferences(value: unknown): NotificationPreferences {
  const input = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const merged = defaultNotificationPreferences();
  for (const kind of NOTIFICATION_KINDS) {
    const stored = input[kind] as Record<string, unknown> | undefined;
    if (!stored || typeof stored !== 'object') continue;
    if (typeof stored.mail === 'boolean') merged[kind].mail = stored.mail;
    if (typeof stored.in_app === 'boolean') merged[kind].in_app = stored.in_app;
  }
  return merged;
}
