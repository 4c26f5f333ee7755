import type { TwoFactorSetup } from '@kontora/contract/two-factor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useTwoFactor } from '../api/get-two-factor.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { TwoFactorEnrol } from './two-factor-enrol.tsx';
import { TwoFactorPasswordForm } from './two-factor-password-form.tsx';

type Panel = { kind: 'none' } | { kind: 'enrol'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/** Fewer than this many recovery codes left earns a warning to make new ones. */
const FEW_CODES = 3;

/** "Two-factor sign-in" on the profile: set up, recovery codes, new codes, turn off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const status = useTwoFactor();
  const setup = useSetupTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [form, setForm] = useState<'none' | 'disable' | 'regenerate'>('none');
  const [turnedOff, setTurnedOff] = useState(false);

  if (status.isPending) return <PageSpinner />;
  if (status.error) return <FormAlert kind="danger">{errorMessage(t, status.error)}</FormAlert>;
  if (panel.kind === 'codes')
    return <RecoveryCodesPanel codes={panel.codes} onDone={() => setPanel({ kind: 'none' })} />;
  if (panel.kind === 'enrol') {
    return (
      <TwoFactorEnrol
        setup={panel.setup}
        onEnabled={(codes) => setPanel({ kind: 'codes', codes })}
        onCancel={() => setPanel({ kind: 'none' })}
      />
    );
  }

  const { enabled, enabled_at, recovery_codes_left } = status.data;
  if (!enabled) {
    return (
      <div>
        {turnedOff && <FormAlert kind="success">{t('profile.twoFactor.turnedOff')}</FormAlert>}
        <p className="small">{t('profile.twoFactor.offNote')}</p>
        {setup.error && <FormAlert kind="danger">{errorMessage(t, setup.error)}</FormAlert>}
        <button
          type="button"
          className="btn btn-primary"
          disabled={setup.isPending}
          aria-busy={setup.isPending}
          onClick={() =>
            setup.mutate(undefined, { onSuccess: (data) => setPanel({ kind: 'enrol', setup: data }) })
          }
        >
          {t('profile.twoFactor.setUp')}
        </button>
      </div>
    );
  }

  return (
    <div>
      <p className="mb-1">
        <span className="badge text-bg-success me-2">{t('profile.twoFactor.on')}</span>
        {enabled_at && (
          <span className="small">{t('profile.twoFactor.since', { date: format.dateTime(enabled_at) })}</span>
        )}
      </p>
      <p className={`small ${recovery_codes_left < FEW_CODES ? 'text-danger-emphasis fw-semibold' : ''}`}>
        {t('profile.twoFactor.codesLeft', { count: recovery_codes_left })}
      </p>
      {form === 'none' && (
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={() => setForm('regenerate')}>
            {t('profile.twoFactor.newCodes')}
          </button>
          <button type="button" className="btn btn-outline-danger" onClick={() => setForm('disable')}>
            {t('profile.twoFactor.turnOff')}
          </button>
        </div>
      )}
      {form === 'regenerate' && (
        <TwoFactorPasswordForm
          askFactor={false}
          submitLabel={t('profile.twoFactor.newCodes')}
          onCancel={() => setForm('none')}
          onSubmit={async ({ password }) => {
            const { recovery_codes } = await regenerate.mutateAsync({ password });
            setForm('none');
            setPanel({ kind: 'codes', codes: recovery_codes });
          }}
        />
      )}
      {form === 'disable' && (
        <TwoFactorPasswordForm
          askFactor
          danger
          submitLabel={t('profile.twoFactor.turnOff')}
          onCancel={() => setForm('none')}
          onSubmit={async (values) => {
            await disable.mutateAsync(values);
            setForm('none');
            setTurnedOff(true);
          }}
        />
      )}
    </div>
  );
}
