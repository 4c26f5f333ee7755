import { MODULE_ID } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyModules } from '../../../lib/api/get-company-modules.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';

type Widget = {
  module: number;
  icon: IconName;
  title: 'modules.crm' | 'modules.social' | 'modules.crm-integration';
  text: 'dashboard.widgets.crm' | 'dashboard.widgets.social' | 'dashboard.widgets.crmIntegration';
  to: string;
};

const WIDGETS: Widget[] = [
  {
    module: MODULE_ID.crm,
    icon: 'users',
    title: 'modules.crm',
    text: 'dashboard.widgets.crm',
    to: paths.company.crm.href(),
  },
  {
    module: MODULE_ID.social,
    icon: 'share',
    title: 'modules.social',
    text: 'dashboard.widgets.social',
    to: paths.company.social.href(),
  },
  {
    module: MODULE_ID.crmIntegration,
    icon: 'link',
    title: 'modules.crm-integration',
    text: 'dashboard.widgets.crmIntegration',
    to: paths.company.crmIntegration.href(),
  },
];

/** Company overview: a welcome and one widget per enabled module (figures arrive with the modules). */
export function DashboardScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { user, company } = useSession();
  const modules = useCompanyModules(company.id);
  const widgets = WIDGETS.filter((widget) => modules.data?.includes(widget.module));

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
      <div className="row g-3">
        {widgets.map((widget) => (
          <div key={widget.module} className="col-12 col-md-6 col-xl-4">
            <section className="card kt-card h-100">
              <div className="card-body d-flex flex-column">
                <div className="d-flex align-items-center gap-3 mb-3">
                  <span className="kt-empty-icon" aria-hidden="true">
                    <Icon name={widget.icon} />
                  </span>
                  <h2 className="h6 mb-0">{t(widget.title)}</h2>
                </div>
                <p className="text-body-secondary flex-grow-1">{t(widget.text)}</p>
                <Link to={widget.to} className="btn btn-outline-primary btn-sm align-self-start">
                  {t('dashboard.open', { module: t(widget.title) })}
                </Link>
              </div>
            </section>
          </div>
        ))}
      </div>
    </>
  );
}
