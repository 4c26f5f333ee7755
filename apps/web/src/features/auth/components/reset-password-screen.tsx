import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { signOutLocally } from '../../../lib/session.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { resetValidation, useTokenShape } from '../lazy-validation.ts';
import { InvalidLink } from './invalid-link.tsx';
import type { LoginNotice } from './login-screen.tsx';
import { PasswordFields } from './password-fields.tsx';

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const validToken = useTokenShape(token);
  const reset = useResetPassword(token);
  const form = useForm({
    resolver: resetValidation.resolver,
    defaultValues: { password: '', confirm: '' },
  });
  useDocumentTitle(t('auth.reset.title'));

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ password });
      // The server ended every session of this person, including one in this browser.
      signOutLocally();
      const notice: LoginNotice = { kind: 'success', text: t('auth.reset.done') };
      await navigate(paths.auth.login.href(), { replace: true, state: { notice } });
    } catch (error) {
      applyServerErrors(form, error, ['password']);
    }
  });

  const tokenRejected = isApiError(reset.error) && reset.error.code === 'invalid_token';

  return (
    <>
      <h1 className="h4 mb-1">{t('auth.reset.title')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.reset.subtitle')}</p>
      {!validToken || tokenRejected ? (
        <InvalidLink />
      ) : (
        <>
          {reset.error && <FormAlert kind="danger">{errorMessage(t, reset.error)}</FormAlert>}
          <form noValidate onSubmit={onSubmit}>
            <PasswordFields register={form.register} errors={form.formState.errors} />
            <SubmitButton busy={reset.isPending} busyLabel={t('auth.reset.busy')}>
              {t('auth.reset.submit')}
            </SubmitButton>
          </form>
          <p className="mt-4 mb-0 text-center">
            <Link to={paths.auth.login.href()}>{t('auth.backToLogin')}</Link>
          </p>
        </>
      )}
    </>
  );
}
