import type { Notification } from '@kontora/contract/notifications';
import type { TFunction } from 'i18next';

/** What a notification says, in the reader's language, from its kind and the facts it kept. */
export function notificationText(t: TFunction, n: Pick<Notification, 'kind' | 'data'>): string {
  const facts = {
    title: String(n.data.title ?? ''),
    actor: n.data.actor_name == null ? t('notifications.someone') : String(n.data.actor_name),
    network: String(n.data.network ?? ''),
  };
  if (n.kind === 'post_decided') {
    return n.data.decision === 'approved'
      ? t('notifications.kinds.post_approved', facts)
      : t('notifications.kinds.post_changes_requested', facts);
  }
  return t(`notifications.kinds.${n.kind}`, facts);
}
