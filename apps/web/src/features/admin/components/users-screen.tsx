import type { AdminUserListItem } from '@kontora/contract/admin';
import type { UserStatus } from '@kontora/contract/members';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { UserStatusBadge } from '../../shared/components/user-status-badge.tsx';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { type AdminListColumn, type AdminListParams, AdminListScreen } from './admin-list-screen.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';

const STATUSES: UserStatus[] = ['active', 'invited', 'disabled'];

/** The filter's values are the API's `status`. */
function useUserList({ filter, ...params }: AdminListParams) {
  return useAdminUsers({ ...params, status: filter as UserStatus | undefined });
}

/** All people (superusers): search, status filter, paging, and "Invite a person". */
export function UsersScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const columns: AdminListColumn<AdminUserListItem>[] = [
    {
      header: t('admin.fields.full_name'),
      cell: (user) => (
        <>
          <Link className="fw-semibold" to={paths.admin.user.href(user.id)}>
            {user.full_name || user.email}
          </Link>
          {user.is_admin && <span className="badge text-bg-warning ms-2">{t('admin.users.superuser')}</span>}
          <div className="small text-body-secondary">{user.email}</div>
        </>
      ),
    },
    { header: t('admin.common.status'), cell: (user) => <UserStatusBadge status={user.status} /> },
    { header: t('admin.users.companies'), end: true, cell: (user) => format.number(user.company_count) },
    {
      header: t('admin.users.lastLogin'),
      nowrap: true,
      cell: (user) => (user.last_login_at ? format.dateTime(user.last_login_at) : t('admin.users.never')),
    },
  ];

  return (
    <AdminListScreen
      title={t('admin.users.title')}
      createLabel={t('admin.users.invite')}
      createDialog={(dialog) => <InviteUserDialog {...dialog} />}
      searchLabel={t('admin.users.search')}
      filter={{
        label: t('admin.common.status'),
        options: [
          { value: '', label: t('admin.users.allStatuses') },
          ...STATUSES.map((status) => ({ value: status, label: t(`admin.status.${status}`) })),
        ],
      }}
      useItems={useUserList}
      itemKey={(user) => user.id}
      columns={columns}
      emptyIcon="user"
      emptyTitle={(filtered) => (filtered ? t('admin.users.noMatch') : t('admin.users.none'))}
    />
  );
}
