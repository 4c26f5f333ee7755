import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useCrmStats } from '../../shared/api/get-crm-stats.ts';
import { UpcomingEventsList } from '../../shared/components/upcoming-events-list.tsx';
import { FunnelChart } from './dashboard/funnel-chart.tsx';
import { KpiCards } from './dashboard/kpi-cards.tsx';
import { NewCustomersChart } from './dashboard/new-customers-chart.tsx';
import { RecentCustomersList } from './dashboard/recent-customers-list.tsx';

/** A titled card with a "see all" link in its header. */
function ListCard({ title, more, children }: { title: string; more: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card kt-card h-100" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
          <h2 id={headingId} className="h6 mb-0">
            {title}
          </h2>
          {more}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The CRM dashboard (#/company/crm): key figures, new customers per month, funnel, next to-dos, newest customers. */
export function CrmDashboardScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const stats = useCrmStats(companyId);
  const title = t('menu.crmDashboard');

  if (stats.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <PageSpinner />
      </>
    );
  }
  if (stats.isError) {
    return (
      <>
        <PageHeader title={title} />
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      </>
    );
  }
  const data = stats.data;

  return (
    <>
      <PageHeader title={title}>
        <span className="small text-body-secondary">
          {t('crm.dashboard.timeZone', { zone: data.time_zone })}
        </span>
      </PageHeader>
      <KpiCards stats={data} />
      {data.customers.total === 0 ? (
        <EmptyState
          icon="users"
          title={t('crm.dashboard.empty.title')}
          actions={
            <Link className="btn btn-primary" to={paths.company.customers.href()}>
              {t('crm.dashboard.empty.action')}
            </Link>
          }
        >
          <p className="mb-0">{t('crm.dashboard.empty.text')}</p>
        </EmptyState>
      ) : (
        <div className="row g-3 mb-3">
          <div className="col-12 col-lg-7 col-xxl-8">
            <NewCustomersChart months={data.new_customers_per_month} />
          </div>
          <div className="col-12 col-lg-5 col-xxl-4">
            <FunnelChart funnel={data.funnel} />
          </div>
        </div>
      )}
      <div className="row g-3 mt-0">
        <div className="col-12 col-lg-6">
          <ListCard
            title={t('crm.dashboard.upcoming.title')}
            more={<Link to={paths.company.events.href()}>{t('crm.dashboard.upcoming.all')}</Link>}
          >
            <UpcomingEventsList events={data.upcoming_events} timeZone={data.time_zone} />
          </ListCard>
        </div>
        <div className="col-12 col-lg-6">
          <ListCard
            title={t('crm.dashboard.recent.title')}
            more={
              <Link to={`${paths.company.customers.href()}?sort=created_at&dir=desc`}>
                {t('crm.dashboard.recent.all')}
              </Link>
            }
          >
            <RecentCustomersList customers={data.recent_customers} />
          </ListCard>
        </div>
      </div>
    </>
  );
}
