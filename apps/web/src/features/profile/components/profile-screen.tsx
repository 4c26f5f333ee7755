import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

export function ProfileScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { user, company } = useSession();
  // Set by the company guard when the current company requires two-factor sign-in of its members.
  const requiredBy = (useLocation().state as { twoFactorRequiredBy?: string } | null)?.twoFactorRequiredBy;
  return (
    <>
      <PageHeader title={t('profile.title')} />
      {requiredBy && (
        <FormAlert kind="info">
          {t('profile.twoFactor.requiredBy', { company: requiredBy })}{' '}
          {company.id !== null && (
            <Link to={paths.home.href()}>{t('profile.twoFactor.continue', { company: requiredBy })}</Link>
          )}
        </FormAlert>
      )}
      <div className="row g-4">
        <div className="col-12 col-xl-6">
          <SettingsSection title={t('profile.details')} className="mb-4">
            <ProfileForm />
          </SettingsSection>
          <SettingsSection title={t('fields.language')}>
            <LanguageSelect />
            {user?.last_login_at && (
              <p className="small text-body-secondary mb-0">
                {t('dashboard.lastLogin', { date: format.dateTime(user.last_login_at) })}
              </p>
            )}
          </SettingsSection>
        </div>
        <div className="col-12 col-xl-6">
          <SettingsSection title={t('profile.changePassword')} note={t('profile.passwordNote')}>
            <ChangePasswordForm />
          </SettingsSection>
          <SettingsSection title={t('profile.twoFactor.title')} id="two-factor" className="mt-4">
            <TwoFactorSection />
          </SettingsSection>
        </div>
        <div className="col-12">
          <SettingsSection title={t('profile.sessions.title')} note={t('profile.sessions.note')}>
            <SessionsSection />
          </SettingsSection>
        </div>
      </div>
    </>
  );
}
