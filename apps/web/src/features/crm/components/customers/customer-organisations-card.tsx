import type { Customer } from '@kontora/contract/customers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { paths } from '../../../../config/paths.ts';
import { problemText } from '../../../../lib/server-problems.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useUpdateCustomer } from '../../api/update-customer.ts';
import {
  linksBody,
  linksOf,
  type OrganisationLink,
  OrganisationLinksEditor,
} from './organisation-links-editor.tsx';

/** A person's organisations with their roles; "Edit" adds, removes and changes roles in one save. */
export function CustomerOrganisationsCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer(useCompanyId(), customer.id);
  const [editing, setEditing] = useState<OrganisationLink[] | null>(null);
  const headingId = `customer-organisations-${customer.id}`;

  const save = (links: OrganisationLink[]) =>
    update.mutate(
      { version: customer.version, organisations: linksBody(links) },
      { onSuccess: () => setEditing(null) },
    );

  return (
    <section className="card kt-card mb-4" aria-labelledby={headingId}>
      <div className="card-header d-flex justify-content-between align-items-center gap-2">
        <h2 className="h6 mb-0" id={headingId}>
          {t('peopleOrgs.organisations')}
        </h2>
        {!editing && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => {
              update.reset();
              setEditing(linksOf(customer));
            }}
          >
            {t('peopleOrgs.edit')}
          </button>
        )}
      </div>
      <div className="card-body">
        {editing ? (
          <>
            {update.isError && <FormAlert kind="danger">{problemText(t, update.error)}</FormAlert>}
            <OrganisationLinksEditor
              value={editing}
              onChange={setEditing}
              excludeId={customer.id}
              disabled={update.isPending}
            />
            <div className="d-flex gap-2 mt-3">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={update.isPending}
                aria-busy={update.isPending}
                onClick={() => save(editing)}
              >
                {t('common.save')}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={update.isPending}
                onClick={() => setEditing(null)}
              >
                {t('crm.customer.cancel')}
              </button>
            </div>
          </>
        ) : customer.organisations.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('peopleOrgs.noOrganisations')}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {customer.organisations.map((o) => (
              <li key={o.id} className="py-1">
                <Link to={paths.company.customer.href(o.id)}>{o.name}</Link>
                {o.role && <span className="text-body-secondary"> · {o.role}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
