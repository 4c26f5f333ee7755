import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useDealPages } from '../../shared/api/get-deals.ts';
import { usePipelines } from '../../shared/api/get-pipelines.ts';

/** The deals a customer is in (as organisation or person), on the customer's page. */
export function CustomerDeals({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const companyId = useCompanyId();
  const deals = useDealPages(companyId, { customer_id: customerId, sort: 'updated_at', dir: 'desc' }, 20);
  const stageName = new Map(
    (usePipelines(companyId).data?.items ?? []).flatMap((p) => p.stages.map((s) => [s.id, s.name] as const)),
  );
  const items = deals.data?.pages.flatMap((page) => page.items) ?? [];
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <section className="card kt-card mb-4" aria-labelledby="kt-customer-deals">
      <div className="card-header d-flex align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id="kt-customer-deals">
          {t('deals.customer.title')}
        </h2>
        <Link className="btn btn-sm btn-outline-primary" to={paths.company.dealList.href()}>
          {t('deals.customer.all')}
        </Link>
      </div>
      {deals.error ? (
        <div className="card-body">
          <div className="alert alert-danger mb-0" role="alert">
            {errorMessage(t, deals.error)}
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="card-body text-body-secondary">
          {deals.isPending ? t('common.loading') : t('deals.customer.none')}
        </div>
      ) : (
        <ul className="list-group list-group-flush">
          {items.map((deal) => (
            <li key={deal.id} className="list-group-item d-flex flex-wrap gap-2">
              <Link className="me-auto text-break" to={paths.company.deal.href(deal.id)}>
                {deal.title}
              </Link>
              <span className="text-body-secondary small">{stageName.get(deal.stage_id) ?? ''}</span>
              {deal.amount !== null && (
                <span className="small">{formatMoney(deal.amount, deal.currency, language)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {deals.hasNextPage && (
        <div className="card-footer text-center">
          <button
            type="button"
            className="btn btn-sm btn-link"
            disabled={deals.isFetchingNextPage}
            onClick={() => void deals.fetchNextPage()}
          >
            {t('deals.board.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}
