import { toZonedDate } from '@kontora/contract/time-zone';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DrawnLater } from '../../../components/drawn-later.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { browserTimeZone } from '../../../lib/browser-time-zone.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { type StatsRange, useCrmStats } from '../../shared/api/get-crm-stats.ts';
import { UpcomingEventsList } from '../../shared/components/upcoming-events-list.tsx';
import { ForecastSection } from './dashboard/forecast-section.tsx';
import { FunnelChart } from './dashboard/funnel-chart.tsx';
import { KpiCards } from './dashboard/kpi-cards.tsx';
import { NewCustomersChart } from './dashboard/new-customers-chart.tsx';
import { RecentCustomersList } from './dashboard/recent-customers-list.tsx';
import { presetRange } from './dashboard/stats-range.ts';
import { type RangeChoice, StatsRangePicker } from './dashboard/stats-range-picker.tsx';

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

/** The chosen days; a custom range counts once both ends are set in order. */
function rangeOf(choice: RangeChoice, today: string): StatsRange {
  if (choice.preset !== 'custom') return presetRange(choice.preset, today);
  return choice.from && choice.to && choice.from <= choice.to ? { from: choice.from, to: choice.to } : null;
}

/**
 * The CRM dashboard (#/company/crm): key figures, new customers per month, funnel, the sales
 * forecast, next to-dos, newest customers.
 */
export function CrmDashboardScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const [choice, setChoice] = useState<RangeChoice>({ preset: 'all', from: '', to: '' });
  const [zone, setZone] = useState(browserTimeZone);
  const stats = useCrmStats(companyId, true, rangeOf(choice, toZonedDate(new Date(), zone)));
  const title = t('menu.crmDashboard');
  // "This month" is the company's month: its zone comes with the first answer.
  if (stats.data && stats.data.time_zone !== zone) setZone(stats.data.time_zone);

  const header = (
    <PageHeader title={title}>
      <StatsRangePicker choice={choice} onChange={setChoice} />
    </PageHeader>
  );
  if (stats.isPending) {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }
  if (stats.isError && !stats.data) {
    return (
      <>
        {header}
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      </>
    );
  }
  const data = stats.data;

  return (
    <>
      {header}
      {stats.isError && <LoadError error={stats.error} onRetry={() => void stats.refetch()} />}
      {/* The previous range's figures, dimmed while the new ones load: never read as the answer. */}
      <div className={stats.isPlaceholderData ? 'opacity-50' : undefined} aria-busy={stats.isPlaceholderData}>
        <p className="small text-body-secondary">{t('crm.dashboard.timeZone', { zone: data.time_zone })}</p>
        <KpiCards stats={data} />
        {/* Below the key figures: drawn in a render of their own after them, nothing above moves. */}
        <DrawnLater>
          {data.customers.total === 0 && !data.range ? (
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
          <ForecastSection companyId={companyId} />
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
        </DrawnLater>
      </div>
    </>
  );
}
