import type { Customer } from '@kontora/contract/customers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleText } from '../../../../components/collapsible-text.tsx';
import { useFormatters } from '../../../../lib/format.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useActiveCustomFields } from '../../../shared/api/custom-fields.ts';
import {
  type CustomValueRow,
  CustomValueSections,
} from '../../../shared/components/custom-fields/custom-value-rows.tsx';
import { countryName } from './country-options.ts';
import { StatusBadge } from './status-badge.tsx';

/** All details of a customer, with links to write, call or visit. */
export function CustomerDetailsCard({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const c = customer;
  const customFields = useActiveCustomFields(useCompanyId(), 'customer');

  const rows: [label: string, value: ReactNode, key?: string][] = [
    [t('crm.fields.type'), t(`crm.customerType.${c.type}`)],
    ...(c.type === 'person'
      ? ([
          [t('crm.fields.first_name'), c.first_name],
          [t('crm.fields.last_name'), c.last_name],
        ] as [string, ReactNode][])
      : ([[t('crm.fields.organisation_name'), c.organisation_name]] as [string, ReactNode][])),
    [t('crm.fields.email'), c.email && <a href={`mailto:${c.email}`}>{c.email}</a>],
    [t('crm.fields.phone'), c.phone && <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>],
    [
      t('crm.fields.website'),
      c.website && (
        <a href={c.website} target="_blank" rel="noopener noreferrer">
          {c.website.replace(/^https?:\/\//, '')}
        </a>
      ),
    ],
    [t('crm.fields.address'), c.address],
    [t('crm.fields.country'), c.country && countryName(c.country, language)],
    [t('crm.fields.oib'), c.oib],
    [t('crm.fields.status'), <StatusBadge key="status" status={c.status} />],
    [t('crm.fields.owner'), c.owner_name],
    [
      t('crm.fields.tags'),
      c.tags.length > 0 && (
        <ul className="list-inline mb-0">
          {c.tags.map((tag) => (
            <li key={tag} className="list-inline-item me-1">
              <span className="badge bg-body-secondary text-body border">{tag}</span>
            </li>
          ))}
        </ul>
      ),
    ],
    [t('crm.fields.source'), c.source],
    [t('crm.fields.notes'), c.notes && <CollapsibleText text={c.notes} />],
    [t('crm.fields.created_at'), format.dateTime(c.created_at)],
    [t('crm.fields.updated_at'), format.dateTime(c.updated_at)],
  ];

  const detailsList = (list: (CustomValueRow | [string, ReactNode, string?])[]) => (
    <dl className="mb-0">
      {list.map(([label, value, key]) => (
        <div key={key ?? label} className="d-sm-flex py-1 border-bottom">
          <dt className="col-sm-4 pe-sm-3 fw-normal text-body-secondary">{label}</dt>
          <dd className="col-sm-8 mb-0 text-break">
            {value || <span className="text-body-secondary">{t('crm.customer.notGiven')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );

  return (
    <section className="card kt-card mb-4" aria-labelledby={`customer-details-${c.id}`}>
      {/* The same header as the to-dos and timeline cards beside it. */}
      <div className="card-header">
        <h2 className="h6 mb-0" id={`customer-details-${c.id}`}>
          {t('crm.customer.details')}
        </h2>
      </div>
      <div className="card-body">
        {detailsList(rows)}
        <CustomValueSections fields={customFields} custom={c.custom} renderRows={detailsList} />
      </div>
    </section>
  );
}
