import type { Pipeline } from '@kontora/contract/pipelines';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
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
import { usePipelines } from '../../shared/api/get-pipelines.ts';
import { EmailsCard } from '../../shared/components/emails/emails-card.tsx';
import { useDeal } from '../api/get-deal.ts';
import { namesOf, useDealCustomers } from '../api/get-deal-people.ts';
import { useDeleteDeal } from '../api/save-deal.ts';
import { DealDetailsCard } from './deal-details-card.tsx';
import { DealEmailButton } from './deal-email-button.tsx';
import { DealTimeline } from './deal-timeline.tsx';
import { DealTodos } from './deal-todos.tsx';
import { LazyDealDialog } from './lazy-deal-dialog.ts';
import './deal-page.css';

/** One deal (`#/company/deal/:id`): its fields, to-dos and timeline; edit and delete. */
export function DealScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companyId = useCompanyId();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const deal = useDeal(companyId, valid ? id : 0);
  const pipelineList = usePipelines(companyId);
  const pipelines = pipelineList.data?.items ?? [];
  const customers = useDealCustomers(companyId, deal.data?.customer_ids ?? []);
  const people = namesOf(customers);
  const remove = useDeleteDeal(companyId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const gone = isApiError(deal.error) && deal.error.status === 404;
  if (remove.isSuccess || (remove.isPending && gone)) return <PageSpinner />;
  // Another company's deal answers 404 as well.
  if (!valid || gone) return <DealNotFound />;
  if (deal.isError) return <LoadError error={deal.error} onRetry={() => void deal.refetch()} />;
  // The pipelines name the stage in the header: drawn before they arrive, the page below would shift down.
  if (!deal.data || pipelineList.isPending) return <PageSpinner />;
  const data = deal.data;
  const pipeline = pipelines.find((p) => p.id === data.pipeline_id);
  const stage = pipeline?.stages.find((s) => s.id === data.stage_id);

  return (
    <>
      <nav aria-label={t('deals.page.breadcrumb')}>
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={`${paths.company.deals.href()}?pipeline=${data.pipeline_id}`}>{t('menu.deals')}</Link>
          </li>
          <li className="breadcrumb-item active text-break" aria-current="page">
            {data.title}
          </li>
        </ol>
      </nav>
      <PageHeader title={data.title}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {stage && <span className="badge text-bg-secondary">{stage.name}</span>}
          <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
            {t('deals.page.edit')}
          </button>
          <DealEmailButton companyId={companyId} dealId={data.id} people={customers} />
          <button type="button" className="btn btn-outline-secondary" onClick={() => setDeleting(true)}>
            {t('deals.page.delete')}
          </button>
        </div>
      </PageHeader>
      <div className="row g-4">
        <div className="col-12 col-xl-5">
          <DealDetailsCard deal={data} pipeline={pipeline} people={people} />
        </div>
        <DrawnLater>
          <DealPanels
            dealId={data.id}
            organisationId={data.organisation_id}
            organisationName={data.organisation_name}
            pipelines={pipelines}
          />
        </DrawnLater>
      </div>
      <LazyDealDialog open={editing} onClose={() => setEditing(false)} deal={data} peopleNames={people} />
      <ConfirmDialog
        open={deleting}
        title={t('deals.page.deleteTitle', { title: data.title })}
        confirmLabel={t('deals.page.delete')}
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              notify('success', t('deals.page.deleted', { title: data.title }));
              void navigate(paths.company.deals.href());
            },
          })
        }
        onCancel={() => setDeleting(false)}
      >
        <p className="mb-0">{t('deals.page.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * The to-dos, timeline and e-mails: below the details on a phone, the second column on a wide
 * screen. Memoised on plain values, so the deal's people arriving (or an edit's answer) redraw
 * the header and details, not these lists.
 */
const DealPanels = memo(function DealPanels({
  dealId,
  organisationId,
  organisationName,
  pipelines,
}: {
  dealId: number;
  organisationId: number | null;
  organisationName: string | null;
  pipelines: readonly Pipeline[];
}) {
  return (
    <div className="col-12 col-xl-7">
      <DealTodos
        dealId={dealId}
        organisation={organisationId === null ? null : { id: organisationId, name: organisationName ?? '' }}
      />
      <DealTimeline dealId={dealId} pipelines={pipelines} />
      <EmailsCard owner={{ kind: 'deals', id: dealId }} />
    </div>
  );
});

function DealNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('deals.page.notFound')} />
      <EmptyState
        icon="briefcase"
        title={t('deals.page.notFound')}
        actions={
          <Link className="btn btn-primary" to={paths.company.deals.href()}>
            {t('deals.page.backToBoard')}
          </Link>
        }
      >
        <p className="mb-0">{t('deals.page.notFoundText')}</p>
      </EmptyState>
    </>
  );
}
