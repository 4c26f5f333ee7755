import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PreferencesForm } from '../../../components/preferences-form.tsx';
import { useMyCompanies } from '../../../lib/api/get-my-companies.ts';
import { useSession } from '../../../lib/session.ts';
// Issue 5 (admin/team engineer): the company team section.
import { TeamSection } from '../../team/components/team-section.tsx';

/** Company admins (owner, admin) and superusers manage the current company. */
function useCanManageCompany(): boolean {
  const { user, company } = useSession();
  const companies = useMyCompanies({ limit: 100 });
  if (company.id === null) return false;
  if (user?.is_admin) return true;
  const role = companies.data?.items.find((item) => item.id === company.id)?.role;
  return role === 'owner' || role === 'admin';
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const { company } = useSession();
  const canManage = useCanManageCompany();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <div className="row g-4">
        <div className="col-12 col-xl-6">
          <section className="card kt-card" aria-labelledby="settings-appearance">
            <div className="card-body">
              <h2 className="h5 mb-1" id="settings-appearance">
                {t('settings.appearance')}
              </h2>
              <p className="text-body-secondary small">{t('settings.appearanceNote')}</p>
              <PreferencesForm />
            </div>
          </section>
        </div>
        <div className="col-12 col-xl-6">
          <section className="card kt-card mb-4" aria-labelledby="settings-language">
            <div className="card-body">
              <h2 className="h5 mb-3" id="settings-language">
                {t('fields.language')}
              </h2>
              <LanguageSelect />
            </div>
          </section>
          {canManage && (
            <EmptyState icon="briefcase" title={t('settings.company', { company: company.name ?? '' })}>
              <p className="mb-0">{t('settings.companyComingSoon')}</p>
            </EmptyState>
          )}
        </div>
      </div>
      {/* Issue 5 (admin/team engineer): the team of the current company; owners and admins manage it, members only see it. */}
      {company.id !== null && (
        <div className="mt-4">
          <TeamSection companyId={company.id} companyName={company.name ?? ''} />
        </div>
      )}
    </>
  );
}
