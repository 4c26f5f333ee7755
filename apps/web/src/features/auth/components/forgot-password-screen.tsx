import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { useRequestReset } from '../api/request-reset.ts';
import { requestResetValidation } from '../lazy-validation.ts';

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const request = useRequestReset();
  const form = useForm({
    resolver: requestResetValidation.resolver,
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  useDocumentTitle(t('auth.forgot.title'));

  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <>
      <h1 className="h4 mb-1">{t('auth.forgot.title')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.forgot.subtitle')}</p>
      {request.isSuccess ? (
        <FormAlert kind="success">{t('auth.forgot.sent', { email: form.getValues('email') })}</FormAlert>
      ) : (
        <>
          {request.error && <FormAlert kind="danger">{errorMessage(t, request.error)}</FormAlert>}
          <form noValidate onSubmit={onSubmit} onFocus={requestResetValidation.preload}>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              registration={form.register('email')}
              error={fieldErrorText(t, errors.email?.message)}
            />
            <SubmitButton busy={request.isPending} busyLabel={t('auth.forgot.busy')}>
              {t('auth.forgot.submit')}
            </SubmitButton>
          </form>
        </>
      )}
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.auth.login.href()}>{t('auth.backToLogin')}</Link>
      </p>
    </>
  );
}
