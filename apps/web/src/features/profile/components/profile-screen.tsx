import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
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
          <section className="card kt-card mb-4" aria-labelledby="profile-details">
            <div className="card-body">
              <h2 className="h5 mb-3" id="profile-details">
                {t('profile.details')}
              </h2>
              <ProfileForm />
            </div>
          </section>
          <section className="card kt-card" aria-labelledby="profile-language">
            <div className="card-body">
              <h2 className="h5 mb-3" id="profile-language">
                {t('fields.language')}
              </h2>
              <LanguageSelect />
              {user?.last_login_at && (
                <p className="small text-body-secondary mb-0">
                  {t('dashboard.lastLogin', { date: format.dateTime(user.last_login_at) })}
                </p>
              )}
            </div>
          </section>
        </div>
        <div className="col-12 col-xl-6">
          <section className="card kt-card" aria-labelledby="profile-password">
            <div className="card-body">
              <h2 className="h5 mb-1" id="profile-password">
                {t('profile.changePassword')}
              </h2>
              <p className="text-body-secondary small">{t('profile.passwordNote')}</p>
              <ChangePasswordForm />
            </div>
          </section>
          <section className="card kt-card mt-4" aria-labelledby="profile-two-factor" id="two-factor">
            <div className="card-body">
              <h2 className="h5 mb-3" id="profile-two-factor">
                {t('profile.twoFactor.title')}
              </h2>
              <TwoFactorSection />
            </div>
          </section>
        </div>
        <div className="col-12">
          <section className="card kt-card" aria-labelledby="profile-sessions">
            <div className="card-body">
              <h2 className="h5 mb-1" id="profile-sessions">
                {t('profile.sessions.title')}
              </h2>
              <p className="text-body-secondary small">{t('profile.sessions.note')}</p>
              <SessionsSection />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
