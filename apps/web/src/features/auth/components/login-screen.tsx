import type { LoginData } from '@kontora/contract/auth';
import type { TwoFactorChallenge } from '@kontora/contract/two-factor';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText } from '../../../lib/form-errors.ts';
import { adoptProfileLanguage } from '../../../lib/language.ts';
import { signIn, useSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { loginValidation } from '../lazy-validation.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

export type LoginNotice = { kind: 'warning' | 'success'; text: string };
type LoginState = { notice?: LoginNotice } | null;

export function LoginScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as LoginState;
  const { signedOutBecause } = useSession();
  const notice: LoginNotice | undefined =
    state?.notice ?? (signedOutBecause ? { kind: 'warning', text: signedOutBecause } : undefined);
  const login = useLogin();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [expired, setExpired] = useState(false);
  const form = useForm({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  useDocumentTitle(t('auth.login.title'));

  const finish = (data: LoginData) => {
    adoptProfileLanguage(data);
    // GuestOnly (around this screen) then leads on to where the visit was going.
    signIn(data);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setExpired(false);
    try {
      const data = await login.mutateAsync(values);
      if (data.next_step === 'two_factor') setChallenge(data);
      else finish(data);
    } catch (error) {
      applyServerErrors(form, error, ['email', 'password']);
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={finish}
        onRestart={(isExpired) => {
          setChallenge(null);
          setExpired(isExpired);
          login.reset();
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <>
      <h1 className="h4 mb-1">{t('auth.login.title')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.login.subtitle')}</p>
      {notice && !login.error && (
        <FormAlert kind={notice.kind === 'success' ? 'success' : 'info'}>{notice.text}</FormAlert>
      )}
      {login.error && <FormAlert kind="danger">{errorMessage(t, login.error)}</FormAlert>}
      {expired && <FormAlert kind="info">{t('errors.challenge_expired')}</FormAlert>}
      <form noValidate onSubmit={onSubmit} onFocus={loginValidation.preload}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          registration={form.register('email')}
          error={fieldErrorText(t, errors.email?.message)}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={fieldErrorText(t, errors.password?.message)}
        />
        <SubmitButton busy={login.isPending} busyLabel={t('auth.login.busy')}>
          {t('auth.login.submit')}
        </SubmitButton>
      </form>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.auth.forgotPassword.href()}>{t('auth.login.forgot')}</Link>
      </p>
    </>
  );
}
