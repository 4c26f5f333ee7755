import { MODULE_ID } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { DrawnLater } from '../../../components/drawn-later.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompanyModules } from '../../../lib/api/get-company-modules.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { CrmWidget } from './crm-widget.tsx';
import { IntegrationWidget } from './integration-widget.tsx';
import { SocialWidget } from './social-widget.tsx';

/** Company overview (#/company/dashboard): a welcome and one widget per enabled module. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { user, company } = useSession();
  const modules = useCompanyModules(company.id);
  const has = (module: number) => modules.data?.includes(module) ?? false;

  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <section className="card kt-card mb-4">
        <div className="card-body">
          <h2 className="h5">{t('dashboard.welcome', { name: user?.full_name ?? '' })}</h2>
          <p className="mb-1">{t('dashboard.company', { company: company.name ?? '' })}</p>
          {user?.last_login_at && (
            <p className="mb-0 text-body-secondary small">
              {t('dashboard.lastLogin', { date: format.dateTime(user.last_login_at) })}
            </p>
          )}
        </div>
      </section>
      {/* Below the welcome: the widgets (each with its own queries) render after it. */}
      <DrawnLater>
        <div className="row g-3">
          {has(MODULE_ID.crm) && company.id !== null && (
            <div className="col-12 col-xl-6">
              <CrmWidget companyId={company.id} />
            </div>
          )}
          {has(MODULE_ID.social) && company.id !== null && (
            <div className="col-12 col-md-6 col-xl-3">
              <SocialWidget companyId={company.id} />
            </div>
          )}
          {has(MODULE_ID.crmIntegration) && company.id !== null && (
            <div className="col-12 col-md-6 col-xl-3">
              <IntegrationWidget companyId={company.id} />
            </div>
          )}
        </div>
      </DrawnLater>
    </>
  );
}
