import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

export function ProfileScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { user } = useSession();
  return (
    <>
      <PageHeader title={t('profile.title')} />
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
        </div>
      </div>
    </>
  );
}
