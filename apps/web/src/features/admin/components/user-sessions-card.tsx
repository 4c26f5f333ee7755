import type { AdminUser } from '@kontora/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useRevokeUserSessions } from '../api/revoke-user-sessions.ts';

/** "Sign out everywhere" for a person (a lost laptop, a suspected break-in); asks first. */
export function UserSessionsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const revoke = useRevokeUserSessions(user.id);
  const [confirming, setConfirming] = useState(false);
  const name = user.full_name || user.email;

  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirming(false);
        notify('success', t('admin.user.sessions.done', { count: revoked }));
      },
    });

  return (
    <section className="card kt-card mb-4" aria-labelledby="user-sessions">
      <div className="card-body">
        <h2 className="h5 mb-2" id="user-sessions">
          {t('admin.user.sessions.title')}
        </h2>
        <p className="small text-body-secondary">{t('admin.user.sessions.note')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
          {t('admin.user.sessions.revoke')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('admin.user.sessions.revoke')}
        confirmLabel={t('admin.user.sessions.revoke')}
        danger
        busy={revoke.isPending}
        error={revoke.error ? errorMessage(t, revoke.error) : null}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(false);
          revoke.reset();
        }}
      >
        {t('admin.user.sessions.confirm', { name })}
      </ConfirmDialog>
    </section>
  );
}
