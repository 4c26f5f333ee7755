import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useCompanyRole } from '../../../lib/api/get-my-companies.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useCompanySecurity } from '../api/get-company-security.ts';
import { useUpdateCompanySecurity } from '../api/update-company-security.ts';

/** The owner's "require two-factor sign-in" switch for the current company; others see it read-only. */
export function CompanySecuritySection({
  companyId,
  companyName,
}: {
  companyId: number;
  companyName: string;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const switchId = useId();
  const security = useCompanySecurity(companyId);
  const update = useUpdateCompanySecurity(companyId);
  const { role } = useCompanyRole(companyId);
  const canChange = Boolean(user?.is_admin) || role === 'owner';
  // What the click asked for, until the answer settles it (as the mail settings' switch does):
  // the mutation's pending state comes a tick later, and the switch would spring back meanwhile.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const required = wanted ?? update.data?.require_two_factor ?? security.data?.require_two_factor ?? false;

  return (
    <section className="card kt-card mb-4" aria-labelledby="settings-security">
      <div className="card-body">
        <h2 className="h5 mb-1" id="settings-security">
          {t('settings.security.title', { company: companyName })}
        </h2>
        <p className="text-body-secondary small">{t('settings.security.note')}</p>
        {security.error && <FormAlert kind="danger">{errorMessage(t, security.error)}</FormAlert>}
        {update.error && <FormAlert kind="danger">{errorMessage(t, update.error)}</FormAlert>}
        {security.data && (
          <div className="form-check form-switch">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              aria-checked={required}
              id={switchId}
              checked={required}
              disabled={!canChange || update.isPending}
              aria-describedby={canChange ? undefined : `${switchId}-hint`}
              onChange={(event) => {
                setWanted(event.target.checked);
                update.mutate(
                  { require_two_factor: event.target.checked },
                  { onSettled: () => setWanted(null) },
                );
              }}
            />
            <label className="form-check-label" htmlFor={switchId}>
              {t('settings.security.require')}
            </label>
            {!canChange && (
              <div className="form-text" id={`${switchId}-hint`}>
                {t('settings.security.ownersOnly')}
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
