import {
  MAILED_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  normalizeNotificationPreferences,
} from '@kontora/contract/notification-kinds';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * Per kind of notification: by mail and/or under the bell (docs/decisions/055-notifications.md).
 * Kinds that were never mailed have no mail choice. Each change is saved at once.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const { user } = useSession();
  const update = useUpdateMe();
  // A session kept from before notifications existed has no choices yet: the defaults.
  const choices = normalizeNotificationPreferences(user?.notification_preferences);
  const change = (kind: NotificationKind, channel: 'mail' | 'in_app', on: boolean) =>
    update.mutate({ notification_preferences: { [kind]: { ...choices[kind], [channel]: on } } });

  return (
    <SettingsSection title={t('notifications.preferences.title')} note={t('notifications.preferences.note')}>
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('notifications.preferences.kind')}</th>
              <th scope="col" className="text-center">
                {t('notifications.preferences.mail')}
              </th>
              <th scope="col" className="text-center">
                {t('notifications.preferences.inApp')}
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const label = t(`notifications.preferences.kinds.${kind}`);
              return (
                <tr key={kind}>
                  <th scope="row" className="fw-normal">
                    {label}
                  </th>
                  <td className="text-center">
                    {MAILED_KINDS.includes(kind) ? (
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={t('notifications.preferences.mailFor', { kind: label })}
                        checked={choices[kind].mail}
                        onChange={(e) => change(kind, 'mail', e.target.checked)}
                      />
                    ) : (
                      <span className="small text-body-secondary">
                        {t('notifications.preferences.noMail')}
                      </span>
                    )}
                  </td>
                  <td className="text-center">
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={t('notifications.preferences.inAppFor', { kind: label })}
                      checked={choices[kind].in_app}
                      onChange={(e) => change(kind, 'in_app', e.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </SettingsSection>
  );
}
