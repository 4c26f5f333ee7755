import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SecondFactorField } from '../../../components/second-factor-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText } from '../../../lib/form-errors.ts';

export type PasswordAndFactor = { password: string; code?: string; recovery_code?: string };
type Values = { password: string; code: string; recovery_code: string };

/**
 * The password again (and, to turn two-factor off, a code or recovery code):
 * both the "turn off" and the "new recovery codes" forms.
 */
export function TwoFactorPasswordForm({
  askFactor,
  submitLabel,
  danger,
  onSubmit,
  onCancel,
}: {
  askFactor: boolean;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (values: PasswordAndFactor) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values>({ defaultValues: { password: '', code: '', recovery_code: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password, code, recovery_code }) => {
    setFailure(null);
    try {
      if (!askFactor) await onSubmit({ password });
      else await onSubmit(useRecovery ? { password, recovery_code } : { password, code });
    } catch (error) {
      const onField = applyServerErrors(form, error, ['password', 'code', 'recovery_code']);
      if (!onField || (isApiError(error) && error.status === 429)) setFailure(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="border rounded p-3 mt-3">
      {failure !== null && <FormAlert kind="danger">{errorMessage(t, failure)}</FormAlert>}
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        registration={form.register('password', { required: 'required' })}
        error={fieldErrorText(t, errors.password?.message)}
      />
      {askFactor && (
        <SecondFactorField
          useRecovery={useRecovery}
          code={{
            register: () => form.register('code', { required: 'required' }),
            error: fieldErrorText(t, errors.code?.message),
          }}
          recoveryCode={{
            register: () => form.register('recovery_code', { required: 'required' }),
            error: fieldErrorText(t, errors.recovery_code?.message),
          }}
        />
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button
          type="submit"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {submitLabel}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('admin.common.cancel')}
        </button>
        {askFactor && (
          <button type="button" className="btn btn-link" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecovery')}
          </button>
        )}
      </div>
    </form>
  );
}
