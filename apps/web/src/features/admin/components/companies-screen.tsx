import { MODULES } from '@kontora/contract/limits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { type AdminCompaniesParams, useAdminCompanies } from '../api/get-admin-companies.ts';
import { CreateCompanyDialog } from './create-company-dialog.tsx';

const PAGE_SIZE = 25;
type ActiveFilter = '' | 'true' | 'false';

/** All companies (superusers): search, active filter, paging, and "New company". */
export function CompaniesScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const q = useDebounced(search.trim());
  const params: AdminCompaniesParams = {
    q: q || undefined,
    is_active: active || undefined,
    limit: PAGE_SIZE,
    offset,
  };
  const companies = useAdminCompanies(params);
  const items = companies.data?.items ?? [];
  const filtered = Boolean(q || active);

  return (
    <>
      <PageHeader title={t('admin.companies.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          {t('admin.companies.create')}
        </button>
      </PageHeader>
      <search className="row g-3 mb-3">
        <div className="col-12 col-md-6 col-lg-5">
          <label htmlFor={`${id}-q`} className="form-label">
            {t('admin.companies.search')}
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
          <label htmlFor={`${id}-active`} className="form-label">
            {t('admin.common.status')}
          </label>
          <select
            id={`${id}-active`}
            className="form-select"
            value={active}
            onChange={(event) => {
              setActive(event.target.value as ActiveFilter);
              setOffset(0);
            }}
          >
            <option value="">{t('admin.companies.all')}</option>
            <option value="true">{t('admin.companies.active')}</option>
            <option value="false">{t('admin.companies.inactive')}</option>
          </select>
        </div>
      </search>
      <ListStates
        query={companies}
        isEmpty={items.length === 0}
        icon="briefcase"
        emptyTitle={filtered ? t('admin.companies.noMatch') : t('admin.companies.none')}
      >
        <div className="card kt-card">
          <div className="table-responsive">
            <table className="table table-hover align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('admin.fields.name')}</th>
                  <th scope="col">{t('admin.fields.oib')}</th>
                  <th scope="col">{t('admin.fields.modules')}</th>
                  <th scope="col" className="text-end">
                    {t('admin.companies.members')}
                  </th>
                  <th scope="col">{t('admin.common.status')}</th>
                  <th scope="col">{t('admin.common.created')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((company) => (
                  <tr key={company.id}>
                    <td>
                      <Link className="fw-semibold" to={paths.admin.company.href(company.id)}>
                        {company.name}
                      </Link>
                      {company.legal_name && (
                        <div className="small text-body-secondary">{company.legal_name}</div>
                      )}
                    </td>
                    <td>{company.oib ?? '—'}</td>
                    <td>
                      <span className="d-flex flex-wrap gap-1">
                        {MODULES.filter((m) => company.modules.includes(m.id)).map((m) => (
                          <span key={m.id} className="badge rounded-pill text-bg-light border">
                            {t(`modules.${m.key}`)}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td className="text-end">{format.number(company.member_count)}</td>
                    <td>
                      <span
                        className={`badge ${company.is_active ? 'text-bg-success' : 'text-bg-secondary'}`}
                      >
                        {company.is_active ? t('admin.companies.active') : t('admin.companies.inactive')}
                      </span>
                    </td>
                    <td className="text-nowrap">{format.date(company.created_at)}</td>
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
          total={companies.data?.total ?? 0}
          onChange={setOffset}
        />
      </ListStates>
      <CreateCompanyDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
