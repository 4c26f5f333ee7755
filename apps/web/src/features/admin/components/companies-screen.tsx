import type { AdminCompanyListItem } from '@kontora/contract/admin';
import { MODULES } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useAdminCompanies } from '../api/get-admin-companies.ts';
import { type AdminListColumn, type AdminListParams, AdminListScreen } from './admin-list-screen.tsx';
import { CreateCompanyDialog } from './create-company-dialog.tsx';

/** The status filter's values are the API's `is_active`. */
function useCompanyList({ filter, ...params }: AdminListParams) {
  return useAdminCompanies({ ...params, is_active: filter as 'true' | 'false' | undefined });
}

/** All companies (superusers): search, active filter, paging, and "New company". */
export function CompaniesScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const columns: AdminListColumn<AdminCompanyListItem>[] = [
    {
      header: t('admin.fields.name'),
      cell: (company) => (
        <>
          <Link className="fw-semibold" to={paths.admin.company.href(company.id)}>
            {company.name}
          </Link>
          {company.legal_name && <div className="small text-body-secondary">{company.legal_name}</div>}
        </>
      ),
    },
    { header: t('admin.fields.oib'), cell: (company) => company.oib ?? '—' },
    {
      header: t('admin.fields.modules'),
      cell: (company) => (
        <span className="d-flex flex-wrap gap-1">
          {MODULES.filter((m) => company.modules.includes(m.id)).map((m) => (
            <span key={m.id} className="badge rounded-pill text-bg-light border">
              {t(`modules.${m.key}`)}
            </span>
          ))}
        </span>
      ),
    },
    {
      header: t('admin.companies.members'),
      end: true,
      cell: (company) => format.number(company.member_count),
    },
    {
      header: t('admin.common.status'),
      cell: (company) => (
        <span className={`badge ${company.is_active ? 'text-bg-success' : 'text-bg-secondary'}`}>
          {company.is_active ? t('admin.companies.active') : t('admin.companies.inactive')}
        </span>
      ),
    },
    { header: t('admin.common.created'), nowrap: true, cell: (company) => format.date(company.created_at) },
  ];

  return (
    <AdminListScreen
      title={t('admin.companies.title')}
      createLabel={t('admin.companies.create')}
      createDialog={(dialog) => <CreateCompanyDialog {...dialog} />}
      searchLabel={t('admin.companies.search')}
      filter={{
        label: t('admin.common.status'),
        options: [
          { value: '', label: t('admin.companies.all') },
          { value: 'true', label: t('admin.companies.active') },
          { value: 'false', label: t('admin.companies.inactive') },
        ],
      }}
      useItems={useCompanyList}
      itemKey={(company) => company.id}
      columns={columns}
      emptyIcon="briefcase"
      emptyTitle={(filtered) => (filtered ? t('admin.companies.noMatch') : t('admin.companies.none'))}
    />
  );
}
