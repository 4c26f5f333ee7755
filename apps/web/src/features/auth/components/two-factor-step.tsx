import type { LoginData } from '@kontora/contract/auth';
import type { TwoFactorChallenge } from '@kontora/contract/two-factor';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SubmitButton } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { SecondFactorField } from '../../../components/second-factor-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText } from '../../../lib/form-errors.ts';
import { useLoginTwoFactor } from '../api/login-two-factor.ts';

type Props = {
  challenge: TwoFactorChallenge;
  onSignedIn: (data: LoginData) => void;
  /** Back to the password (the person chose to, or the 5-minute challenge ran out). */
  onRestart: (expired: boolean) => void;
};

/** The second sign-in step: a code from the authenticator app, or one recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const submit = useLoginTwoFactor();
  const form = useForm({ defaultValues: { code: '', recovery_code: '' } });
  const { errors } = form.formState;
  useDocumentTitle(t('auth.twoFactor.title'));

  const onSubmit = form.handleSubmit(async ({ code, recovery_code }) => {
    try {
      const data = await submit.mutateAsync(
        useRecovery ? { token: challenge.token, recovery_code } : { token: challenge.token, code },
      );
      onSignedIn(data);
    } catch (error) {
      if (isApiError(error) && error.code === 'challenge_expired') onRestart(true);
      // A code of the wrong shape is the field's problem: its message goes under it.
      else if (!applyServerErrors(form, error, ['code', 'recovery_code']))
        form.setFocus(useRecovery ? 'recovery_code' : 'code');
    }
  });

  const switchMode = () => {
    setUseRecovery(!useRecovery);
    submit.reset();
    form.clearErrors();
  };

  return (
    <>
      <h1 className="h4 mb-1">{t('auth.twoFactor.title')}</h1>
      <p className="text-body-secondary mb-4">
        {useRecovery ? t('auth.twoFactor.recoverySubtitle') : t('auth.twoFactor.subtitle')}
      </p>
      {submit.error && !errors.code && !errors.recovery_code && (
        <FormAlert kind="danger">{errorMessage(t, submit.error)}</FormAlert>
      )}
      <form noValidate onSubmit={onSubmit}>
        <SecondFactorField
          useRecovery={useRecovery}
          codeHint={t('auth.twoFactor.codeHint')}
          code={{
            register: () => form.register('code', { required: 'required' }),
            error: fieldErrorText(t, errors.code?.message),
          }}
          recoveryCode={{
            register: () => form.register('recovery_code', { required: 'required' }),
            error: fieldErrorText(t, errors.recovery_code?.message),
          }}
        />
        <SubmitButton busy={submit.isPending} busyLabel={t('auth.login.busy')}>
          {t('auth.twoFactor.submit')}
        </SubmitButton>
      </form>
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-4">
        <button type="button" className="btn btn-link p-0" onClick={switchMode}>
          {useRecovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecovery')}
        </button>
        <button type="button" className="btn btn-link p-0" onClick={() => onRestart(false)}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </>
  );
}
