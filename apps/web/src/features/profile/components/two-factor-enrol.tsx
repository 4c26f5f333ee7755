import type { TwoFactorSetup } from '@kontora/contract/two-factor';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText } from '../../../lib/form-errors.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';

/** The base32 secret in groups of four, for typing into an app by hand. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

/** Scan the QR code (or type the secret), then confirm one code: only then is two-factor on. */
export function TwoFactorEnrol({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const form = useForm({ defaultValues: { code: '' } });
  const { errors } = form.formState;
  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { recovery_codes } = await enable.mutateAsync({ code });
      onEnabled(recovery_codes);
    } catch (error) {
      applyServerErrors(form, error, ['code']);
    }
  });

  return (
    <div>
      <ol className="ps-3 small">
        <li className="mb-2">{t('profile.twoFactor.scan')}</li>
        <li className="mb-2">{t('profile.twoFactor.enterCode')}</li>
      </ol>
      <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
        <img
          src={qrSource}
          alt={t('profile.twoFactor.qrAlt')}
          width={176}
          height={176}
          className="bg-white p-1 border rounded"
        />
        <div>
          <p className="small mb-1">{t('profile.twoFactor.manual')}</p>
          <code className="d-block fs-6 text-break" data-testid="two-factor-secret">
            {groupedSecret(setup.secret)}
          </code>
        </div>
      </div>
      {enable.error && !errors.code && <FormAlert kind="danger">{errorMessage(t, enable.error)}</FormAlert>}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.twoFactor.code')}
          autoComplete="one-time-code"
          registration={form.register('code', { required: 'required' })}
          error={fieldErrorText(t, errors.code?.message)}
        />
        <div className="d-flex gap-2">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={enable.isPending}
            aria-busy={enable.isPending}
          >
            {t('profile.twoFactor.turnOn')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('admin.common.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
