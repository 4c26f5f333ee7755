import { COMPANY_LINK_PARAM, linkedCompanyId } from '@kontora/contract/app-links';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSpinner } from '../components/spinner.tsx';
import { paths } from '../config/paths.ts';
import { getCompanyProfile } from '../lib/api/get-company.ts';
import { getMyCompanies } from '../lib/api/get-my-companies.ts';
import { isApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/errors.ts';
import { chooseCompany, useSession } from '../lib/session.ts';

type LinkedCompany = { id: number; name: string };

/** The company a link names, as the session stores it; refused (403/404) when the person may not open it. */
async function companyOfLink(id: number): Promise<LinkedCompany> {
  try {
    return { id, name: (await getCompanyProfile(id)).name };
  } catch (error) {
    // A company requiring two-factor sign-in refuses a member without it, who still belongs:
    // the name comes from their companies, and RequireCompany then leads them to enrol.
    if (isApiError(error) && error.code === 'two_factor_required') {
      const mine = await getMyCompanies({ limit: 100 });
      const found = mine.items.find((item) => item.id === id);
      if (found) return { id, name: found.name };
    }
    throw error;
  }
}

/** The query without the company it named (`?date=x&company=3` → `?date=x`). */
function withoutCompany(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(COMPANY_LINK_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * A link that names its company (`?company=ID`, packages/contract/src/app-links.ts) makes
 * that company current before the screen loads its record, when the person may open it;
 * otherwise the page says the link is another company's. Once followed, the address goes on
 * without the parameter, so that a company chosen later (here or in another tab) stays chosen
 * (docs/decisions/049-links-name-their-company.md).
 */
export function CompanyFromLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const { company } = useSession();
  const linked = linkedCompanyId(location.search);
  const other = linked !== null && linked !== company.id ? linked : null;
  const target = useQuery({
    queryKey: ['company-of-link', other],
    queryFn: () => companyOfLink(other as number),
    enabled: other !== null,
    retry: false,
  });

  useEffect(() => {
    if (linked === null) return;
    if (other === null) {
      void navigate(
        { pathname: location.pathname, search: withoutCompany(location.search) },
        { replace: true, state: location.state },
      );
    } else if (target.data?.id === other) {
      chooseCompany(target.data);
    }
  }, [linked, other, target.data, navigate, location.pathname, location.search, location.state]);

  if (other === null) return <Outlet />;
  if (target.isError) return <LinkOfOtherCompany error={target.error} retry={() => void target.refetch()} />;
  return <PageSpinner />;
}

/** A link to a company the person may not open, or one that could not be checked (then it may be tried again). */
function LinkOfOtherCompany({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const { company } = useSession();
  // Not a member, or (for a superuser) no such company; other refusals (a deactivated company) say their own reason.
  const notMember = isApiError(error) && (error.code === 'not_member' || error.status === 404);
  const refused = notMember || (isApiError(error) && error.status === 403);
  return (
    <>
      <PageHeader title={t('companyLink.title')} />
      <EmptyState
        icon="lock"
        actions={
          <>
            {!refused && (
              <button type="button" className="btn btn-primary" onClick={retry}>
                {t('common.retry')}
              </button>
            )}
            <Link
              className={refused ? 'btn btn-primary' : 'btn btn-outline-secondary'}
              to={paths.chooseCompany.href()}
            >
              {t('menu.changeCompany')}
            </Link>
            {company.name && (
              <Link className="btn btn-outline-secondary" to={paths.home.href()}>
                {t('companyLink.stay', { company: company.name })}
              </Link>
            )}
          </>
        }
      >
        <p className="mb-0">{notMember ? t('companyLink.notMember') : errorMessage(t, error)}</p>
      </EmptyState>
    </>
  );
}
