import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useCrmStats } from '../../shared/api/get-crm-stats.ts';
import { UpcomingEventsList } from '../../shared/components/upcoming-events-list.tsx';
import { WidgetCard } from './widget-card.tsx';

/** How many upcoming to-dos the widget lists (the CRM dashboard shows more). */
const NEXT_EVENTS = 3;

/** The CRM at a glance: counts that link to their lists, and the next to-dos. */
export function CrmWidget({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const stats = useCrmStats(companyId);
  const title = t('modules.crm');
  const footer = (
    <>
      <Link to={paths.company.crm.href()} className="btn btn-outline-primary btn-sm">
        {t('menu.crmDashboard')}
      </Link>
      <Link to={paths.company.customers.href()} className="btn btn-outline-secondary btn-sm">
        {t('menu.customerList')}
      </Link>
      <Link to={paths.company.events.href()} className="btn btn-outline-secondary btn-sm">
        {t('menu.customerEvents')}
      </Link>
      <Link to={paths.company.calendar.href()} className="btn btn-outline-secondary btn-sm">
        {t('menu.calendar')}
      </Link>
    </>
  );

  if (stats.isPending) {
    return (
      <WidgetCard icon="users" title={title} footer={footer}>
        <CrmWidgetSkeleton label={t('common.loading')} />
      </WidgetCard>
    );
  }
  if (stats.isError) {
    return (
      <WidgetCard icon="users" title={title} footer={footer}>
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      </WidgetCard>
    );
  }

  const { customers, todos, upcoming_events, time_zone } = stats.data;
  const figures = [
    { key: 'customers', value: customers.total, to: paths.company.customers.href() },
    { key: 'openTodos', value: todos.open, to: paths.company.events.href() },
    {
      key: 'overdue',
      value: todos.overdue,
      to: `${paths.company.events.href()}?view=overdue`,
      alarming: todos.overdue > 0,
    },
    { key: 'dueToday', value: todos.due_today, to: `${paths.company.events.href()}?view=today` },
  ] as const;

  return (
    <WidgetCard icon="users" title={title} footer={footer}>
      <ul className="row g-2 list-unstyled mb-3" aria-label={t('dashboard.crm.figures')}>
        {figures.map((figure) => {
          const label = t(`dashboard.crm.${figure.key}`);
          const value = format.number(figure.value);
          const alarming = 'alarming' in figure && figure.alarming;
          return (
            <li key={figure.key} className="col-6">
              <Link
                to={figure.to}
                className="d-block rounded border p-2 text-decoration-none text-body h-100"
              >
                <span className="d-block small text-body-secondary">{label}</span>
                <span className={`d-block fs-5 fw-bold${alarming ? ' text-danger-emphasis' : ''}`}>
                  {value}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <h3 className="h6 small text-uppercase text-body-secondary mb-1">{t('dashboard.crm.nextEvents')}</h3>
      <UpcomingEventsList events={upcoming_events.slice(0, NEXT_EVENTS)} timeZone={time_zone} />
    </WidgetCard>
  );
}

/**
 * The loaded widget's shape (four figures, the heading, three to-dos) in placeholders, so
 * the widgets below it do not jump when the figures arrive (layout shift on a phone).
 */
function CrmWidgetSkeleton({ label }: { label: string }) {
  return (
    <div className="placeholder-glow" role="status">
      <ul className="row g-2 list-unstyled mb-3" aria-hidden="true">
        {[0, 1, 2, 3].map((figure) => (
          <li key={figure} className="col-6">
            <div className="d-block rounded border p-2">
              <span className="d-block small">
                <span className="placeholder col-8" />
              </span>
              <span className="d-block fs-5">
                <span className="placeholder col-3" />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className="h6 small mb-1" aria-hidden="true">
        <span className="placeholder col-5" />
      </div>
      <ul className="list-unstyled mb-0" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <li key={row} className="py-2">
            <div>
              <span className="placeholder col-7" />
            </div>
            <div className="small">
              <span className="placeholder col-9" />
            </div>
          </li>
        ))}
      </ul>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
