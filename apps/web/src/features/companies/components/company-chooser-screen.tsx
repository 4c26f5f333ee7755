import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { companyHome } from '../../../config/paths.ts';
import { useMyCompanies } from '../../../lib/api/get-my-companies.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { chooseCompany, useSession } from '../../../lib/session.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { CompanyList } from './company-list.tsx';
import { MyInvitations } from './my-invitations.tsx';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/**
 * "Change company": the person's companies (superusers: every active company,
 * searchable). Choosing one makes it current and opens it (docs/product.md §2).
 * Invitations waiting for an answer come first (decision 011).
 */
export function CompanyChooserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const searchId = useId();
  const { user, company: current } = useSession();
  const isSuperuser = Boolean(user?.is_admin);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const companies = useMyCompanies({ q: isSuperuser && q ? q : undefined, limit: PAGE_SIZE, offset });

  const total = companies.data?.total ?? 0;
  const items = companies.data?.items ?? [];

  return (
    <>
      <PageHeader title={t('companies.title')} />
      <p className="text-body-secondary">
        {isSuperuser ? t('companies.introSuperuser') : t('companies.intro')}
      </p>
      <MyInvitations />
      {/* A company of theirs that a superuser deactivated: say so, rather than "no company". */}
      {companies.data?.deactivated.map((company) => (
        <p key={company.id} className="alert alert-warning" role="note">
          {t('companies.deactivated', { company: company.name })}
        </p>
      ))}
      {isSuperuser && (
        <div className="mb-3 kt-measure">
          <label htmlFor={searchId} className="form-label">
            {t('companies.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </div>
      )}
      {companies.isPending ? (
        <PageSpinner />
      ) : companies.isError ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
          <span>{errorMessage(t, companies.error)}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void companies.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon="briefcase" title={q ? t('companies.noMatch') : t('companies.none')}>
          {!q && !companies.data?.deactivated.length && <p className="mb-0">{t('companies.noneText')}</p>}
        </EmptyState>
      ) : (
        <>
          <CompanyList
            items={items}
            currentId={current.id}
            onChoose={(company) => {
              chooseCompany(company);
              void navigate(companyHome(company.modules));
            }}
          />
          <Pager offset={offset} limit={PAGE_SIZE} count={items.length} total={total} onChange={setOffset} />
        </>
      )}
    </>
  );
}
