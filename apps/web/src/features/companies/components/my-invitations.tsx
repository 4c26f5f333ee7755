import type { MyInvitation } from '@kontora/contract/invitations';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { useRowAction } from '../../../lib/use-row-action.ts';
import { type InvitationAnswer, useAnswerMyInvitation } from '../api/answer-invitation.ts';
import { useMyInvitations } from '../api/get-my-invitations.ts';

/**
 * Invitations to join companies, above the person's companies in the chooser:
 * accepting adds the company to the list below, declining removes the invitation.
 */
export function MyInvitations() {
  const { t } = useTranslation();
  const invitations = useMyInvitations();
  const answer = useAnswerMyInvitation();
  const { busyId, problem, run } = useRowAction();
  const items = invitations.data?.items ?? [];
  if (items.length === 0) return null;

  const respond = (invitation: MyInvitation, choice: InvitationAnswer) =>
    run(
      invitation.id,
      () => answer.mutateAsync({ id: invitation.id, answer: choice }),
      () =>
        notify(
          'success',
          t(choice === 'accept' ? 'invitations.accepted' : 'invitations.declined', {
            company: invitation.company_name,
          }),
        ),
    );

  const problemMessage = problemText(t, problem);
  return (
    <section className="card kt-card mb-4" aria-labelledby="my-invitations-title">
      <div className="card-body">
        <h2 className="h5" id="my-invitations-title">
          {t('invitations.mineTitle')}
        </h2>
        {problemMessage && <FormAlert kind="danger">{problemMessage}</FormAlert>}
        <ul className="list-unstyled mb-0">
          {items.map((invitation) => (
            <li
              key={invitation.id}
              className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom"
              aria-label={invitation.company_name}
            >
              <span className="flex-grow-1">
                <span className="d-block fw-semibold">{invitation.company_name}</span>
                <span className="small text-body-secondary">
                  {invitation.invited_by
                    ? t('invitations.offerBy', {
                        role: t(`roles.${invitation.role}`),
                        name: invitation.invited_by,
                      })
                    : t('invitations.offer', { role: t(`roles.${invitation.role}`) })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={busyId === invitation.id}
                aria-label={t('invitations.acceptLabel', { company: invitation.company_name })}
                onClick={() => void respond(invitation, 'accept')}
              >
                {t('invitations.accept')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busyId === invitation.id}
                aria-label={t('invitations.declineLabel', { company: invitation.company_name })}
                onClick={() => void respond(invitation, 'decline')}
              >
                {t('invitations.decline')}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
