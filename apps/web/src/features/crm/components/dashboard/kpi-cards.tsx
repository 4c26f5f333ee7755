import type { CrmStats } from '@kontora/contract/crm-stats';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../../components/icon.tsx';
import { paths } from '../../../../config/paths.ts';
import { useFormatters } from '../../../../lib/format.ts';
import './dashboard.css';

type KpiKey =
  | 'total'
  | 'leads'
  | 'prospects'
  | 'customers'
  | 'openTodos'
  | 'overdue'
  | 'dueToday'
  | 'eventsThisWeek';

type Kpi = {
  key: KpiKey;
  value: number;
  to: string;
  icon: IconName;
  alarming?: boolean;
  /** A translation key other than `crm.dashboard.kpi.<key>`. */
  label?: 'uxNewUser.range.eventsInRange';
};

const customersWith = (status: string) => `${paths.company.customers.href()}?status=${status}`;
const todosIn = (view: string) => `${paths.company.events.href()}?view=${view}`;

/** Each figure, and the list that shows what it counts. */
function kpisOf(stats: CrmStats): Kpi[] {
  const { customers, todos } = stats;
  return [
    { key: 'total', value: customers.total, to: paths.company.customers.href(), icon: 'users' },
    { key: 'leads', value: customers.by_status.lead, to: customersWith('lead'), icon: 'user' },
    { key: 'prospects', value: customers.by_status.prospect, to: customersWith('prospect'), icon: 'user' },
    {
      key: 'customers',
      value: customers.by_status.customer,
      to: customersWith('customer'),
      icon: 'briefcase',
    },
    { key: 'openTodos', value: todos.open, to: paths.company.events.href(), icon: 'list' },
    {
      key: 'overdue',
      value: todos.overdue,
      to: todosIn('overdue'),
      icon: 'alert',
      alarming: todos.overdue > 0,
    },
    { key: 'dueToday', value: todos.due_today, to: todosIn('today'), icon: 'check' },
    // With a date range, the events in it instead of this week's.
    stats.range && stats.events_in_range !== null
      ? {
          key: 'eventsThisWeek',
          value: stats.events_in_range,
          to: paths.company.calendar.href(),
          icon: 'calendar',
          label: 'uxNewUser.range.eventsInRange' as const,
        }
      : {
          key: 'eventsThisWeek',
          value: stats.events_this_week,
          to: paths.company.calendar.href(),
          icon: 'calendar',
        },
  ];
}

/** The dashboard's key figures, each a link to the filtered list behind it. */
export function KpiCards({ stats }: { stats: CrmStats }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <ul className="row g-3 list-unstyled mb-4" aria-label={t('crm.dashboard.kpi.label')}>
      {kpisOf(stats).map((kpi) => {
        const label = kpi.label ? t(kpi.label) : t(`crm.dashboard.kpi.${kpi.key}`);
        const value = format.number(kpi.value);
        return (
          <li key={kpi.key} className="col-6 col-md-4 col-xl-3">
            {/* Named by its content, label first as it reads: "Leads 3". */}
            <Link
              to={kpi.to}
              className={`card kt-card kt-kpi h-100 text-decoration-none${kpi.alarming ? ' kt-kpi-alarm' : ''}`}
            >
              <span className="card-body d-flex align-items-center gap-3">
                <span className="kt-kpi-icon" aria-hidden="true">
                  <Icon name={kpi.icon} />
                </span>
                <span className="d-flex flex-column">
                  <span className="kt-kpi-label">{label}</span>
                  <span className="kt-kpi-value">{value}</span>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
