import { JOB_STATES, type JobState, type JobSummary } from '@kontora/contract/jobs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useDiscardJob, useJobs, useRetryJob } from '../api/jobs-api.ts';
import { JobCounts } from './job-counts.tsx';
import { JobItem } from './job-item.tsx';

/** "Background jobs" (superusers): counts per queue and state; failed and dead jobs first, Retry / Discard. */
export function JobsScreen() {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<JobState | ''>('dead');
  const jobs = useJobs(state || undefined);
  const retry = useRetryJob();
  const discard = useDiscardJob();
  const [discarding, setDiscarding] = useState<JobSummary | null>(null);
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];

  const onRetry = (job: JobSummary) =>
    retry.mutate(job.id, {
      onSuccess: () => notify('success', t('jobs.retried', { job: job.name })),
      onError: (error) => notify('danger', errorMessage(t, error)),
    });
  const confirmDiscard = () => {
    if (!discarding) return;
    discard.mutate(discarding.id, {
      onSuccess: () => {
        notify('success', t('jobs.discarded', { job: discarding.name }));
        setDiscarding(null);
      },
    });
  };

  return (
    <>
      <PageHeader title={t('jobs.title')} />
      <p className="text-body-secondary">{t('jobs.intro')}</p>
      <JobCounts />
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <div>
          <label htmlFor={`${id}-state`} className="form-label">
            {t('jobs.show')}
          </label>
          <select
            id={`${id}-state`}
            className="form-select"
            value={state}
            onChange={(event) => setState(event.target.value as JobState | '')}
          >
            <option value="">{t('jobs.allStates')}</option>
            {JOB_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`jobs.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListStates query={jobs} isEmpty={items.length === 0} icon="check" emptyTitle={t('jobs.noneInState')}>
        <ul className="list-group kt-card" aria-label={t('jobs.listLabel')}>
          {items.map((job) => (
            <JobItem
              key={job.id}
              job={job}
              busy={retry.isPending || discard.isPending}
              onRetry={() => onRetry(job)}
              onDiscard={() => setDiscarding(job)}
            />
          ))}
        </ul>
        {jobs.hasNextPage && (
          <div className="text-center mt-3">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={jobs.isFetchingNextPage}
              aria-busy={jobs.isFetchingNextPage}
              onClick={() => void jobs.fetchNextPage()}
            >
              {jobs.isFetchingNextPage ? t('common.loading') : t('jobs.loadMore')}
            </button>
          </div>
        )}
      </ListStates>
      <ConfirmDialog
        open={discarding !== null}
        title={t('jobs.discardTitle')}
        confirmLabel={t('jobs.discard')}
        danger
        busy={discard.isPending}
        error={discard.error ? errorMessage(t, discard.error) : null}
        onConfirm={confirmDiscard}
        onCancel={() => {
          discard.reset();
          setDiscarding(null);
        }}
      >
        {t('jobs.discardText', { job: discarding ? `${discarding.name} #${discarding.id}` : '' })}
      </ConfirmDialog>
    </>
  );
}
