import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../../components/list-states.tsx';
import { paths } from '../../../../config/paths.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useCustomerPeople } from '../../api/get-customer-people.ts';
import { StatusBadge } from './status-badge.tsx';

/** An organisation's people with their roles, a page at a time, each linking to the person. */
export function OrganisationPeopleCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const people = useCustomerPeople(useCompanyId(), organisationId);
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `organisation-people-${organisationId}`;

  return (
    <section className="card kt-card mb-4" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 className="h6 mb-0" id={headingId}>
          {t('peopleOrgs.people')}
        </h2>
      </div>
      <div className="card-body">
        {people.isPending ? (
          <div className="py-2 text-center" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        ) : people.isError && items.length === 0 ? (
          <LoadError error={people.error} onRetry={() => void people.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('peopleOrgs.noPeople')}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-labelledby={headingId}>
            {items.map((p) => (
              <li key={p.id} className="d-flex flex-wrap align-items-center gap-2 py-1 border-bottom">
                <Link to={paths.company.customer.href(p.id)} className="me-auto text-break">
                  {p.name}
                </Link>
                {p.role && <span className="text-body-secondary">{p.role}</span>}
                <StatusBadge status={p.status} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && (
          <Link
            className="btn btn-link btn-sm px-0 mt-2 d-block text-start"
            to={`${paths.company.customers.href()}?organisation_id=${organisationId}`}
          >
            {t('peopleOrgs.showInList')}
          </Link>
        )}
        {people.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm mt-3"
            disabled={people.isFetchingNextPage}
            aria-busy={people.isFetchingNextPage}
            onClick={() => void people.fetchNextPage()}
          >
            {t('peopleOrgs.morePeople')}
          </button>
        )}
      </div>
    </section>
  );
}
