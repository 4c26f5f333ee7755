import type { JobsOverview } from '@kontora/contract/jobs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useAdminCompanies } from '../api/get-admin-companies.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useAudit } from '../api/get-audit.ts';
import { useJobsOverview } from '../api/get-jobs-overview.ts';
import { AuditEntryItem } from './audit-entry.tsx';

const RECENT_AUDIT = 5;

/** Jobs that need a look: failed (will retry) and dead (gave up), over every queue. */
function troubledJobs(overview: JobsOverview): { failed: number; dead: number } {
  let failed = 0;
  let dead = 0;
  for (const queue of overview.queues) {
    failed += queue.counts.failed ?? 0;
    dead += queue.counts.dead ?? 0;
  }
  return { failed, dead };
}

type Query = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** One figure with its label and where it leads; a failed load says so in place. */
function Tile({
  label,
  icon,
  to,
  query,
  children,
}: {
  label: string;
  icon: IconName;
  to: string;
  query: Query;
  children: ReactNode;
}) {
  return (
    <div className="col-12 col-sm-6 col-xl-3">
      <section className="card kt-card h-100" aria-label={label}>
        <div className="card-body">
          <div className="d-flex align-items-center gap-2 text-body-secondary mb-2">
            <Icon name={icon} size={18} />
            <h2 className="h6 mb-0">
              <Link to={to} className="link-body-emphasis">
                {label}
              </Link>
            </h2>
          </div>
          {query.isError ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : query.isPending ? (
            <div className="placeholder-glow" aria-hidden="true">
              <span className="placeholder col-4 placeholder-lg" />
            </div>
          ) : (
            children
          )}
        </div>
      </section>
    </div>
  );
}

/** `#/admin/overview`: the superuser's start in the admin area (decision 020). */
export function AdminOverviewScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  // `limit: 1` asks only for the totals.
  const companies = useAdminCompanies({ limit: 1, offset: 0 });
  const users = useAdminUsers({ limit: 1, offset: 0 });
  const jobs = useJobsOverview();
  const audit = useAudit({});
  const recent = (audit.data?.pages[0]?.items ?? []).slice(0, RECENT_AUDIT);
  const troubled = jobs.data ? troubledJobs(jobs.data) : null;

  return (
    <>
      <PageHeader title={t('overview.title')} />
      <div className="row g-3 mb-4">
        <Tile
          label={t('overview.companies')}
          icon="briefcase"
          to={paths.admin.companies.href()}
          query={companies}
        >
          <p className="display-6 mb-0">{format.number(companies.data?.total ?? 0)}</p>
        </Tile>
        <Tile label={t('overview.people')} icon="user" to={paths.admin.users.href()} query={users}>
          <p className="display-6 mb-0">{format.number(users.data?.total ?? 0)}</p>
        </Tile>
        <Tile label={t('overview.failedJobs')} icon="alert" to={paths.admin.jobs.href()} query={jobs}>
          <p className={`display-6 mb-0 ${troubled?.failed ? 'text-warning-emphasis' : ''}`}>
            {format.number(troubled?.failed ?? 0)}
          </p>
        </Tile>
        <Tile label={t('overview.deadJobs')} icon="box" to={paths.admin.jobs.href()} query={jobs}>
          <p className={`display-6 mb-0 ${troubled?.dead ? 'text-danger-emphasis' : ''}`}>
            {format.number(troubled?.dead ?? 0)}
          </p>
        </Tile>
      </div>
      <section className="card kt-card" aria-labelledby="overview-audit">
        <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h2 className="h5 mb-0" id="overview-audit">
            {t('overview.recentAudit')}
          </h2>
          <Link to={paths.admin.audit.href()}>{t('overview.allAudit')}</Link>
        </div>
        <ListStates
          query={audit}
          isEmpty={recent.length === 0}
          icon="list"
          emptyTitle={t('overview.noAudit')}
        >
          <ul className="list-group list-group-flush" aria-label={t('overview.recentAudit')}>
            {recent.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} />
            ))}
          </ul>
        </ListStates>
      </section>
    </>
  );
}
