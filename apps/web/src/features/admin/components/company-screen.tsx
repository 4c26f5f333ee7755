import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { NotFound } from '../../../components/status-pages.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useAdminCompany } from '../api/get-admin-company.ts';
import { CompanyDetailsCard } from './company-details-card.tsx';
import { useCompanyOptions } from './company-fields.tsx';
import { CompanyMembersCard } from './company-members-card.tsx';
import { CompanyModulesCard } from './company-modules-card.tsx';
import { CompanyStatusCard } from './company-status-card.tsx';

/** One company (superusers): details, status, modules and members. */
export function CompanyScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const company = useAdminCompany(valid ? id : 0);
  const { options, error: optionsError, refetch: refetchOptions } = useCompanyOptions();

  if (!valid || (isApiError(company.error) && company.error.status === 404)) return <NotFound />;
  if (company.isError) return <LoadError error={company.error} onRetry={() => void company.refetch()} />;
  if (company.isPending) return <PageSpinner />;
  const data = company.data;

  return (
    <>
      <nav aria-label={t('admin.common.breadcrumb')}>
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={paths.admin.companies.href()}>{t('admin.companies.title')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {data.name}
          </li>
        </ol>
      </nav>
      <PageHeader title={data.name}>
        <span className="text-body-secondary small">
          {t('admin.common.createdAt', { date: format.dateTime(data.created_at) })}
        </span>
      </PageHeader>
      <div className="row g-4">
        <div className="col-12 col-xl-8">
          {options ? (
            // Keyed by the last change, so the form restarts from what the server saved.
            <CompanyDetailsCard key={data.updated_at} company={data} options={options} />
          ) : optionsError ? (
            <LoadError error={optionsError} onRetry={() => void refetchOptions()} />
          ) : (
            <PageSpinner />
          )}
          <CompanyMembersCard company={data} />
        </div>
        <div className="col-12 col-xl-4">
          <CompanyModulesCard key={data.modules.map((m) => m.id).join()} company={data} />
          <CompanyStatusCard company={data} />
        </div>
      </div>
    </>
  );
}
