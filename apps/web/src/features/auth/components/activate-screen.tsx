import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText } from '../../../lib/form-errors.ts';
import { adoptProfileLanguage, useInvitationLanguage } from '../../../lib/language.ts';
import { signIn } from '../../../lib/session.ts';
import { useActivate, useActivationPreview } from '../api/activate.ts';
import { activateValidation, useTokenShape } from '../lazy-validation.ts';
import { InvalidLink } from './invalid-link.tsx';
import { PasswordFields } from './password-fields.tsx';

/**
 * An invited person sets their name and password; the answer signs them in. The
 * page speaks the invitation's language and starts with the name the inviter
 * typed, which the person may change.
 */
export function ActivateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const validToken = useTokenShape(token);
  const activate = useActivate(token);
  const form = useForm({
    resolver: activateValidation.resolver,
    defaultValues: { full_name: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;
  useDocumentTitle(t('auth.activate.title'));
  const preview = useActivationPreview(token, validToken);
  useInvitationLanguage(preview.data?.language);
  const typedName = preview.data?.full_name;
  useEffect(() => {
    // Only into an untouched field: what the person has typed meanwhile stays.
    if (typedName && !form.getFieldState('full_name').isDirty) {
      form.resetField('full_name', { defaultValue: typedName });
    }
  }, [typedName, form]);

  const onSubmit = form.handleSubmit(async ({ full_name, password }) => {
    try {
      const data = await activate.mutateAsync({ full_name, password });
      signIn(data);
      adoptProfileLanguage(data);
      await navigate(paths.home.href(), { replace: true });
    } catch (error) {
      applyServerErrors(form, error, ['full_name', 'password']);
    }
  });

  const tokenRejected = [activate.error, preview.error].some(
    (error) => isApiError(error) && error.code === 'invalid_token',
  );

  return (
    <>
      <h1 className="h4 mb-1">{t('auth.activate.title')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.activate.subtitle')}</p>
      {!validToken || tokenRejected ? (
        <InvalidLink />
      ) : (
        <>
          {activate.error && <FormAlert kind="danger">{errorMessage(t, activate.error)}</FormAlert>}
          <form noValidate onSubmit={onSubmit}>
            <TextField
              label={t('fields.fullName')}
              autoComplete="name"
              registration={form.register('full_name')}
              error={fieldErrorText(t, errors.full_name?.message)}
            />
            <PasswordFields register={form.register} errors={errors} />
            <SubmitButton busy={activate.isPending} busyLabel={t('auth.activate.busy')}>
              {t('auth.activate.submit')}
            </SubmitButton>
          </form>
        </>
      )}
    </>
  );
}
