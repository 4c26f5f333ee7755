import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field.tsx';

/**
 * The second factor as a person types it: a code from the authenticator app,
 * or (switched by the caller) one recovery code. Used by the sign-in step and
 * by "turn two-factor off".
 */
export function SecondFactorField({
  useRecovery,
  code,
  recoveryCode,
  codeHint,
}: {
  useRecovery: boolean;
  /** Registered only when shown: a hidden field's "required" rule must not block the form. */
  code: { register: () => UseFormRegisterReturn; error: string | undefined };
  recoveryCode: { register: () => UseFormRegisterReturn; error: string | undefined };
  codeHint?: string;
}) {
  const { t } = useTranslation();
  return useRecovery ? (
    <TextField
      key="recovery"
      label={t('auth.twoFactor.recoveryCode')}
      autoComplete="off"
      registration={recoveryCode.register()}
      error={recoveryCode.error}
    />
  ) : (
    <TextField
      key="code"
      label={t('auth.twoFactor.code')}
      autoComplete="one-time-code"
      hint={codeHint}
      registration={code.register()}
      error={code.error}
    />
  );
}
