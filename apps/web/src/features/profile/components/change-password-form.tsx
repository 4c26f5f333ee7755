import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordWithConfirmation } from '@kontora/contract/auth';
import { LIMITS } from '@kontora/contract/limits';
import { ChangePasswordBody } from '@kontora/contract/me';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { applyServerErrors, fieldErrorText, resolverOptions } from '../../../lib/form-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

const PasswordForm = ChangePasswordBody.pick({ current_password: true }).and(PasswordWithConfirmation);
const EMPTY = { current_password: '', password: '', confirm: '' };

/** Current password required; on success every other session of the person ends. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(PasswordForm, resolverOptions), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current_password, password }) => {
    form.clearErrors('root');
    try {
      await change.mutateAsync({ current_password, new_password: password });
      form.reset(EMPTY);
    } catch (error) {
      applyServerErrors(form, error, ['current_password', 'password'], {
        t,
        rename: { new_password: 'password' },
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      {change.isSuccess && <FormAlert kind="success">{t('profile.passwordChanged')}</FormAlert>}
      {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
      <TextField
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        registration={form.register('current_password')}
        error={fieldErrorText(t, errors.current_password?.message)}
      />
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        registration={form.register('password')}
        hint={t('validation.passwordHint', { min: LIMITS.passwordMin })}
        error={fieldErrorText(t, errors.password?.message)}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        registration={form.register('confirm')}
        error={fieldErrorText(t, errors.confirm?.message)}
      />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={change.isPending}
        aria-busy={change.isPending}
      >
        {change.isPending ? t('common.saving') : t('profile.changePassword')}
      </button>
    </form>
  );
}
