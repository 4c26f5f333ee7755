import { LIMITS } from '@kontora/contract/limits';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import { fieldErrorText } from '../../../lib/form-errors.ts';

type PasswordPair = { password: string; confirm: string };

/** New password and its confirmation, with the length rule as a hint. */
export function PasswordFields<T extends PasswordPair>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PasswordPair>;
}) {
  const { t } = useTranslation();
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  return (
    <>
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        registration={reg('password')}
        hint={t('validation.passwordHint', { min: LIMITS.passwordMin })}
        error={fieldErrorText(t, errors.password?.message)}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        registration={reg('confirm')}
        error={fieldErrorText(t, errors.confirm?.message)}
      />
    </>
  );
}
