import type { AdminUser } from '@kontora/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { useSession } from '../../../lib/session.ts';
import { UserStatusBadge } from '../../shared/components/user-status-badge.tsx';
import { useDisableUser } from '../api/disable-user.ts';
import { useEnableUser } from '../api/enable-user.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';

/**
 * The account's state: disable (all sessions end at once; asks first), enable
 * again, and for invited people a fresh invitation mail.
 */
export function UserStatusCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const session = useSession();
  const disable = useDisableUser(user.id);
  const enable = useEnableUser(user.id);
  const resend = useResendInvitation(user.id);
  const [confirming, setConfirming] = useState(false);
  const isSelf = session.user?.id === user.id;
  const name = user.full_name || user.email;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setConfirming(false);
      notify('success', done);
    } catch {
      // Shown from the mutation's error.
    }
  };

  const failed = confirming ? null : (enable.error ?? resend.error ?? disable.error);
  const problem = problemText(t, failed);
  return (
    <section className="card kt-card mb-4" aria-labelledby="user-status">
      <div className="card-body">
        <h2 className="h5 mb-2" id="user-status">
          {t('admin.user.account')} <UserStatusBadge status={user.status} />
        </h2>
        <p className="text-body-secondary mb-2">{t(`admin.user.statusText.${user.status}`)}</p>
        <p className="small text-body-secondary">
          {user.last_login_at
            ? t('admin.user.lastLogin', { time: format.dateTime(user.last_login_at) })
            : t('admin.user.neverSignedIn')}
        </p>
        {problem && <FormAlert kind="danger">{problem}</FormAlert>}
        <div className="d-flex flex-wrap gap-2">
          {user.status === 'invited' && (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={resend.isPending}
              aria-busy={resend.isPending}
              onClick={() =>
                void run(() => resend.mutateAsync(), t('admin.user.resent', { email: user.email }))
              }
            >
              {t('admin.user.resend')}
            </button>
          )}
          {user.status === 'disabled' ? (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={enable.isPending}
              aria-busy={enable.isPending}
              onClick={() => void run(() => enable.mutateAsync(), t('admin.user.enabled'))}
            >
              {t('admin.user.enable')}
            </button>
          ) : (
            !isSelf && (
              <button
                type="button"
                className="btn btn-outline-danger"
                onClick={() => {
                  disable.reset();
                  setConfirming(true);
                }}
              >
                {t('admin.user.disable')}
              </button>
            )
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('admin.user.disableTitle', { name })}
        confirmLabel={t('admin.user.disable')}
        danger
        busy={disable.isPending}
        error={confirming ? problemText(t, disable.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run(() => disable.mutateAsync(), t('admin.user.disabled'))}
      >
        <p className="mb-0">{t('admin.user.disableText', { name })}</p>
      </ConfirmDialog>
    </section>
  );
}
