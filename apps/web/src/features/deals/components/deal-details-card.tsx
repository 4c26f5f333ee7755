import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useActiveCustomFields } from '../../shared/api/custom-fields.ts';
import { CustomValueSections } from '../../shared/components/custom-fields/custom-value-rows.tsx';

/** A deal's fields, with links to its organisation and people. */
export function DealDetailsCard({
  deal,
  pipeline,
  people,
}: {
  deal: Deal;
  pipeline: Pipeline | undefined;
  people: ReadonlyMap<number, string>;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const stage = pipeline?.stages.find((s) => s.id === deal.stage_id);
  const customFields = useActiveCustomFields(useCompanyId(), 'deal');
  const row = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-5 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-7 text-break">{value ?? '—'}</dd>
    </>
  );
  return (
    <section className="card kt-card mb-4" aria-labelledby="kt-deal-details">
      <div className="card-header">
        <h2 className="h6 mb-0" id="kt-deal-details">
          {t('deals.page.details')}
        </h2>
      </div>
      <div className="card-body">
        <dl className="row mb-0">
          {row(
            t('deals.fields.amount'),
            deal.amount === null
              ? null
              : formatMoney(deal.amount, deal.currency, i18n.resolvedLanguage ?? i18n.language),
          )}
          {row(t('deals.fields.pipeline'), pipeline?.name)}
          {row(t('deals.fields.stage'), stage?.name)}
          {row(t('deals.fields.status'), t(`deals.status.${deal.status}`))}
          {row(t('deals.fields.probability'), `${deal.probability} %`)}
          {row(
            t('deals.fields.expectedClose'),
            deal.expected_close_date ? format.date(`${deal.expected_close_date}T12:00:00`) : null,
          )}
          {row(t('deals.fields.owner'), deal.owner_name)}
          {row(
            t('deals.fields.organisation'),
            deal.organisation_id === null ? null : (
              <Link to={paths.company.customer.href(deal.organisation_id)}>{deal.organisation_name}</Link>
            ),
          )}
          {row(
            t('deals.fields.people'),
            deal.customer_ids.length === 0 ? null : (
              <ul className="list-unstyled mb-0">
                {deal.customer_ids.map((id) => (
                  <li key={id}>
                    <Link to={paths.company.customer.href(id)}>{people.get(id) ?? `#${id}`}</Link>
                  </li>
                ))}
              </ul>
            ),
          )}
          {deal.status === 'lost' && row(t('deals.fields.lostReason'), deal.lost_reason)}
          {row(t('deals.fields.tags'), deal.tags.length ? deal.tags.join(', ') : null)}
          {row(
            t('deals.fields.notes'),
            deal.notes ? <span className="kt-pre-wrap">{deal.notes}</span> : null,
          )}
          {deal.rotting && row(t('deals.card.rotting'), t('deals.page.rottingText'))}
        </dl>
        <CustomValueSections
          fields={customFields}
          custom={deal.custom}
          renderRows={(rows) => (
            <dl className="row mb-0">
              {rows.map(([label, value, key]) => (
                <Fragment key={key}>{row(label, value)}</Fragment>
              ))}
            </dl>
          )}
        />
      </div>
    </section>
  );
}
