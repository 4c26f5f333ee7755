import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { useOutsidePress } from '../../../lib/use-outside-press.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { notificationText } from './notification-text.ts';
import './notification-bell.css';

/** Above this the badge says "99+". */
const BADGE_MAX = 99;

/**
 * The bell in the top bar (docs/decisions/055-notifications.md): the unread count, kept
 * current by the live socket, and a panel with the newest notifications of every company
 * of the person. Each links to its record (the link names its company); opening one marks
 * it read. A disclosure, not a menu: the panel holds links and buttons. Escape closes it
 * and gives the focus back to the bell; a click outside closes it.
 */
export function NotificationBell({ toggleClassName }: { toggleClassName: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data?.count ?? 0;
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => {
    if (!open) return;
    // Escape closes it wherever the focus is (a button that just disabled itself leaves it on the page).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useOutsidePress(
    rootRef,
    open,
    useCallback(() => setOpen(false), []),
  );
  const items = list.data?.items ?? [];
  const badge = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);

  return (
    <div className="kt-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`${toggleClassName} kt-bell-toggle`}
        aria-label={count > 0 ? t('notifications.openUnread', { count }) : t('notifications.open')}
        title={t('notifications.title')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="bell" />
        {count > 0 && (
          <span className="kt-bell-badge" aria-hidden="true" data-testid="unread-count">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <section className="kt-bell-panel" id={panelId} aria-labelledby={headingId}>
          <div className="kt-bell-head">
            <h2 className="h6 mb-0" id={headingId}>
              {t('notifications.title')}
            </h2>
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              disabled={count === 0 || markRead.isPending}
              onClick={() => markRead.mutate('all')}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          {list.isPending ? (
            <p className="kt-bell-empty">{t('common.loading')}</p>
          ) : items.length === 0 ? (
            <p className="kt-bell-empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="kt-bell-list">
              {items.map((n) => (
                <li key={n.id} className={n.read_at ? 'kt-bell-item' : 'kt-bell-item kt-bell-unread'}>
                  <a
                    className="kt-bell-link"
                    href={n.link}
                    onClick={() => {
                      if (!n.read_at) markRead.mutate(n.id);
                      setOpen(false);
                    }}
                  >
                    {!n.read_at && <span className="visually-hidden">{t('notifications.unread')}: </span>}
                    <span className="kt-bell-text">{notificationText(t, n)}</span>
                    <span className="kt-bell-meta">
                      {n.company_name} · <time dateTime={n.created_at}>{format.dateTime(n.created_at)}</time>
                    </span>
                  </a>
                  {!n.read_at && (
                    <button
                      type="button"
                      className="btn kt-bell-read"
                      aria-label={t('notifications.markRead', { text: notificationText(t, n) })}
                      title={t('notifications.markReadShort')}
                      onClick={() => markRead.mutate(n.id)}
                    >
                      <Icon name="check" size={16} />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
