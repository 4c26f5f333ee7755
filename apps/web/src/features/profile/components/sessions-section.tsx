import type { MySession } from '@kontora/contract/sessions';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';

/** Where the person is signed in, with "sign out" per device and everywhere else. */
export function SessionsSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) return <PageSpinner />;
  if (sessions.error) return <FormAlert kind="danger">{errorMessage(t, sessions.error)}</FormAlert>;
  const items = sessions.data.items;
  const others = items.filter((s) => !s.current);
  const failure = revoke.error ?? revokeOthers.error;
  const deviceOf = (s: MySession) => s.device ?? s.user_agent ?? t('profile.sessions.unknownDevice');

  return (
    <div>
      {failure && <FormAlert kind="danger">{errorMessage(t, failure)}</FormAlert>}
      {revokeOthers.isSuccess && (
        <FormAlert kind="success">
          {t('profile.sessions.othersEnded', { count: revokeOthers.data.revoked })}
        </FormAlert>
      )}
      <ul className="list-group mb-3" aria-label={t('profile.sessions.title')}>
        {items.map((s) => (
          <li
            key={s.id}
            className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
          >
            <div>
              <div className="fw-semibold">
                {deviceOf(s)}
                {s.current && (
                  <span className="badge text-bg-primary ms-2">{t('profile.sessions.thisDevice')}</span>
                )}
              </div>
              <div className="small text-body-secondary">
                {t('profile.sessions.details', {
                  ip: s.ip ?? '–',
                  started: format.dateTime(s.created_at),
                  seen: format.dateTime(s.last_seen_at),
                })}
              </div>
            </div>
            {!s.current && (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={revoke.isPending}
                aria-label={t('profile.sessions.signOutDevice', { device: deviceOf(s) })}
                onClick={() => revoke.mutate(s.id)}
              >
                {t('profile.sessions.signOut')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={revokeOthers.isPending}
          aria-busy={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          {t('profile.sessions.signOutOthers')}
        </button>
      )}
    </div>
  );
}
