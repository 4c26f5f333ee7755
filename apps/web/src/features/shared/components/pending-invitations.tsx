import type { Invitation } from '@kontora/contract/invitations';
import type { CompanyRole } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { useRowAction } from '../../../lib/use-row-action.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendCompanyInvitation, useRevokeCompanyInvitation } from '../api/manage-invitation.ts';

/**
 * Invitations waiting for an answer, under the team: the email as typed (never
 * whether it has an account), the role, until when; re-send or revoke.
 * Owner invitations are left to owners and superusers, as owners are.
 */
export function PendingInvitations({
  companyId,
  assignableRoles,
}: {
  companyId: number;
  assignableRoles: readonly CompanyRole[];
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const invitations = useInvitations(companyId);
  const resend = useResendCompanyInvitation(companyId);
  const revoke = useRevokeCompanyInvitation(companyId);
  const { busyId, problem, run: runRow } = useRowAction();
  const items = invitations.data?.items ?? [];
  if (items.length === 0) return null;

  const run = (invitation: Invitation, action: 'resend' | 'revoke') =>
    runRow(
      invitation.id,
      () => (action === 'resend' ? resend.mutateAsync(invitation.id) : revoke.mutateAsync(invitation.id)),
      () =>
        notify(
          'success',
          t(`invitations.${action === 'resend' ? 'resent' : 'revoked'}`, { email: invitation.email }),
        ),
    );

  const problemMessage = problemText(t, problem);
  return (
    <section className="mt-4" aria-labelledby={`pending-invitations-${companyId}`}>
      <h3 className="h6" id={`pending-invitations-${companyId}`}>
        {t('invitations.pendingTitle')}
      </h3>
      {problemMessage && <FormAlert kind="danger">{problemMessage}</FormAlert>}
      <div className="table-responsive">
        <table className="table align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('team.email')}</th>
              <th scope="col">{t('team.role')}</th>
              <th scope="col">{t('invitations.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('team.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((invitation) => {
              const mayTouch = assignableRoles.includes(invitation.role);
              const busy = busyId === invitation.id;
              return (
                <tr key={invitation.id}>
                  <td className="text-break">{invitation.email}</td>
                  <td>{t(`roles.${invitation.role}`)}</td>
                  <td>
                    {invitation.status === 'expired' ? (
                      <span className="badge text-bg-warning">{t('invitations.expired')}</span>
                    ) : (
                      t('invitations.until', { date: format.date(invitation.expires_at) })
                    )}
                  </td>
                  <td className="text-end text-nowrap">
                    {mayTouch && (
                      <>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary me-2"
                          disabled={busy}
                          aria-label={t('invitations.resendLabel', { email: invitation.email })}
                          onClick={() => void run(invitation, 'resend')}
                        >
                          {t('invitations.resend')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          disabled={busy}
                          aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                          onClick={() => void run(invitation, 'revoke')}
                        >
                          {t('invitations.revoke')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
