import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { chooseCompany, useSession } from '../../../lib/session.ts';
import {
  type InvitationAnswer,
  useAnswerInvitationByToken,
  useInvitationPreview,
} from '../api/answer-invitation.ts';

/**
 * `#/invitation/:token`, the link of an invitation mail: which company, which
 * role, who invited; signed in as the invited person, accept or decline (the
 * link works once); accepting opens the company. Signed out, it asks to sign in and comes back here.
 * `?answer=decline` (the mail's decline link) puts the focus on Decline.
 */
export function InvitationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const token = useParams().token ?? '';
  const { user } = useSession();
  const preview = useInvitationPreview(token);
  const answer = useAnswerInvitationByToken(token);
  useDocumentTitle(t('invitations.linkTitle'));
  const wanted = search.get('answer') === 'decline' ? 'decline' : 'accept';

  const respond = async (choice: InvitationAnswer) => {
    try {
      const result = await answer.mutateAsync(choice);
      notify(
        'success',
        t(choice === 'accept' ? 'invitations.accepted' : 'invitations.declined', {
          company: result.company_name,
        }),
      );
      if (choice === 'accept') {
        // The link was to join this company: it opens there, as a link naming its company does.
        chooseCompany({ id: result.company_id, name: result.company_name });
        await navigate(paths.home.href(), { replace: true });
      } else {
        await navigate(paths.chooseCompany.href(), { replace: true });
      }
    } catch {
      // Shown below from answer.error.
    }
  };

  if (preview.isPending) return <PageSpinner />;
  const invalid = preview.isError || (isApiError(answer.error) && answer.error.code === 'invalid_token');
  return (
    <>
      <h1 className="h4 mb-3">{t('invitations.linkTitle')}</h1>
      {invalid || !preview.data ? (
        <>
          <FormAlert kind="danger">{t('invitations.linkInvalid')}</FormAlert>
          <Link to={user ? paths.chooseCompany.href() : paths.auth.login.href()}>
            {user ? t('invitations.toCompanies') : t('auth.backToLogin')}
          </Link>
        </>
      ) : (
        <>
          <p>
            {preview.data.invited_by
              ? t('invitations.linkOfferBy', {
                  name: preview.data.invited_by,
                  company: preview.data.company_name,
                  role: t(`roles.${preview.data.role}`),
                })
              : t('invitations.linkOffer', {
                  company: preview.data.company_name,
                  role: t(`roles.${preview.data.role}`),
                })}
          </p>
          {answer.error && <FormAlert kind="danger">{errorMessage(t, answer.error)}</FormAlert>}
          {user ? (
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary"
                disabled={answer.isPending}
                // biome-ignore lint/a11y/noAutofocus: the person came from the mail's accept link to do exactly this
                autoFocus={wanted === 'accept'}
                onClick={() => void respond('accept')}
              >
                {t('invitations.accept')}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={answer.isPending}
                // biome-ignore lint/a11y/noAutofocus: the person came from the mail's decline link to do exactly this
                autoFocus={wanted === 'decline'}
                onClick={() => void respond('decline')}
              >
                {t('invitations.decline')}
              </button>
            </div>
          ) : (
            <>
              <p className="text-body-secondary">{t('invitations.signInFirst')}</p>
              <Link
                className="btn btn-primary"
                to={paths.auth.login.href()}
                state={{ from: location.pathname + location.search }}
              >
                {t('invitations.signIn')}
              </Link>
            </>
          )}
        </>
      )}
    </>
  );
}
