import type { UserStatus } from '@kontora/contract/members';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { UserStatusBadge } from '../../shared/components/user-status-badge.tsx';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { InviteUserDialog } from './invite-user-dialog.tsx';

const PAGE_SIZE = 25;
const STATUSES: UserStatus[] = ['active', 'invited', 'disabled'];

/** All people (superusers): search, status filter, paging, and "Invite a person". */
export function UsersScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [inviting, setInviting] = useState(false);
  const q = useDebounced(search.trim());
  const users = useAdminUsers({ q: q || undefined, status: status || undefined, limit: PAGE_SIZE, offset });
  const items = users.data?.items ?? [];

  return (
    <>
      <PageHeader title={t('admin.users.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          {t('admin.users.invite')}
        </button>
      </PageHeader>
      <search className="row g-3 mb-3">
        <div className="col-12 col-md-6 col-lg-5">
          <label htmlFor={`${id}-q`} className="form-label">
            {t('admin.users.search')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="form-control"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </div>
        <div className="col-12 col-md-4 col-lg-3">
          <label htmlFor={`${id}-status`} className="form-label">
            {t('admin.common.status')}
          </label>
          <select
            id={`${id}-status`}
            className="form-select"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as UserStatus | '');
              setOffset(0);
            }}
          >
            <option value="">{t('admin.users.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </search>
      <ListStates
        query={users}
        isEmpty={items.length === 0}
        icon="user"
        emptyTitle={q || status ? t('admin.users.noMatch') : t('admin.users.none')}
      >
        <div className="card kt-card">
          <div className="table-responsive">
            <table className="table table-hover align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('admin.fields.full_name')}</th>
                  <th scope="col">{t('admin.common.status')}</th>
                  <th scope="col" className="text-end">
                    {t('admin.users.companies')}
                  </th>
                  <th scope="col">{t('admin.users.lastLogin')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <Link className="fw-semibold" to={paths.admin.user.href(user.id)}>
                        {user.full_name || user.email}
                      </Link>
                      {user.is_admin && (
                        <span className="badge text-bg-warning ms-2">{t('admin.users.superuser')}</span>
                      )}
                      <div className="small text-body-secondary">{user.email}</div>
                    </td>
                    <td>
                      <UserStatusBadge status={user.status} />
                    </td>
                    <td className="text-end">{format.number(user.company_count)}</td>
                    <td className="text-nowrap">
                      {user.last_login_at ? format.dateTime(user.last_login_at) : t('admin.users.never')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <Pager
          offset={offset}
          limit={PAGE_SIZE}
          count={items.length}
          total={users.data?.total ?? 0}
          onChange={setOffset}
        />
      </ListStates>
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
