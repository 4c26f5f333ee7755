import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { NotFound } from '../../../components/status-pages.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useAdminUser } from '../api/get-admin-user.ts';
import { UserDetailsCard } from './user-details-card.tsx';
import { UserMembershipsCard } from './user-memberships-card.tsx';
import { UserSessionsCard } from './user-sessions-card.tsx';
import { UserStatusCard } from './user-status-card.tsx';

/** One person (superusers): details and superuser flag, memberships, account state. */
export function UserScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const user = useAdminUser(valid ? id : 0);

  if (!valid || (isApiError(user.error) && user.error.status === 404)) return <NotFound />;
  if (user.isError) return <LoadError error={user.error} onRetry={() => void user.refetch()} />;
  if (user.isPending) return <PageSpinner />;
  const data = user.data;
  const membershipsKey = data.memberships.map((m) => `${m.company_id}:${m.role}`).join();

  return (
    <>
      <nav aria-label={t('admin.common.breadcrumb')}>
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={paths.admin.users.href()}>{t('admin.users.title')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {data.full_name || data.email}
          </li>
        </ol>
      </nav>
      <PageHeader title={data.full_name || data.email}>
        <span className="text-body-secondary small">
          {t('admin.common.createdAt', { date: format.dateTime(data.created_at) })}
        </span>
      </PageHeader>
      <div className="row g-4">
        <div className="col-12 col-xl-8">
          <UserDetailsCard key={`${data.full_name}|${data.language}|${data.is_admin}`} user={data} />
          <UserMembershipsCard key={membershipsKey} user={data} />
        </div>
        <div className="col-12 col-xl-4">
          <UserStatusCard user={data} />
          <UserSessionsCard user={data} />
        </div>
      </div>
    </>
  );
}
