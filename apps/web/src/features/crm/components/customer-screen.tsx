import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DrawnLater } from '../../../components/drawn-later.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { EmailsCard } from '../../shared/components/emails/emails-card.tsx';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { useCustomer } from '../api/get-customer.ts';
import { CustomerDeals } from './customer-deals.tsx';
import { CustomerDetailsCard } from './customers/customer-details-card.tsx';
import { CustomerOrganisationsCard } from './customers/customer-organisations-card.tsx';
import { LazyCustomerDialog } from './customers/lazy-customer-dialog.ts';
import { listReturnHref } from './customers/list-return.ts';
import { OrganisationPeopleCard } from './customers/organisation-people-card.tsx';
import { StatusBadge } from './customers/status-badge.tsx';
import { TimelineCard } from './customers/timeline-card.tsx';
import { EmailButton } from './email-compose/email-button.tsx';
import { CustomerTodos } from './events/customer-todos.tsx';

/** One customer (`#/company/customer/:id`): details, to-dos and timeline; edit and delete. */
export function CustomerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companyId = useCompanyId();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const customer = useCustomer(companyId, valid ? id : 0);
  const remove = useDeleteCustomer(companyId);
  // Back to the list as it was left: its search and filters survive a deletion.
  const listBack = listReturnHref(useLocation().state);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const gone = isApiError(customer.error) && customer.error.status === 404;
  // Once deleted, the page's own refetch answers 404 until the list opens: that is no "not found".
  if (remove.isSuccess || (remove.isPending && gone)) return <PageSpinner />;
  // Another company's customer answers 404 as well (docs/product.md §9).
  if (!valid || gone) return <CustomerNotFound />;
  if (customer.isError) return <LoadError error={customer.error} onRetry={() => void customer.refetch()} />;
  if (customer.isPending) return <PageSpinner />;
  const data = customer.data;

  const onDelete = () => {
    setDeleteError(null);
    remove.mutate(data.id, {
      onSuccess: () => {
        notify('success', t('crm.customer.deleted', { name: data.name }));
        void navigate(listBack);
      },
      onError: (error) => setDeleteError(errorMessage(t, error)),
    });
  };

  return (
    <>
      <nav aria-label={t('crm.customer.breadcrumb')}>
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={listBack}>{t('menu.customers')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {data.name}
          </li>
        </ol>
      </nav>
      <PageHeader title={data.name}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <StatusBadge status={data.status} />
          <EmailButton companyId={companyId} customer={data} />
          <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
            {t('crm.customer.edit')}
          </button>
          {/* Secondary: deleting is rare and asks first; the red button is in the confirmation. */}
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              setDeleteError(null);
              setDeleting(true);
            }}
          >
            {t('crm.customer.delete')}
          </button>
        </div>
      </PageHeader>
      <div className="row g-4">
        <div className="col-12 col-xl-5">
          <CustomerDetailsCard customer={data} />
          {/* Below the details on a phone, or the second column: they appear without moving anything. */}
          <DrawnLater>
            {data.type === 'person' ? (
              <CustomerOrganisationsCard customer={data} />
            ) : (
              <OrganisationPeopleCard organisationId={data.id} />
            )}
            <CustomerDeals customerId={data.id} />
          </DrawnLater>
        </div>
        <DrawnLater>
          <div className="col-12 col-xl-7">
            <CustomerTodos customerId={data.id} customerName={data.name} />
            <TimelineCard customerId={data.id} />
            <EmailsCard owner={{ kind: 'customers', id: data.id }} />
          </div>
        </DrawnLater>
      </div>
      <LazyCustomerDialog open={editing} onClose={() => setEditing(false)} customer={data} />
      <ConfirmDialog
        open={deleting}
        title={t('crm.customer.deleteTitle', { name: data.name })}
        confirmLabel={t('crm.customer.delete')}
        danger
        busy={remove.isPending}
        error={deleteError}
        onConfirm={onDelete}
        onCancel={() => setDeleting(false)}
      >
        <p className="mb-0">{t('crm.customer.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}

function CustomerNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('crm.customer.notFoundTitle')} />
      <EmptyState
        icon="user"
        title={t('crm.customer.notFoundTitle')}
        actions={
          <Link className="btn btn-primary" to={paths.company.customers.href()}>
            {t('crm.customer.backToList')}
          </Link>
        }
      >
        <p className="mb-0">{t('crm.customer.notFoundText')}</p>
      </EmptyState>
    </>
  );
}
