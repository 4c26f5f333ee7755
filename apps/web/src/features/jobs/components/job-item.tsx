import type { JobSummary } from '@kontora/contract/jobs';
import { useTranslation } from 'react-i18next';

const BADGE: Record<JobSummary['state'], string> = {
  waiting: 'text-bg-secondary',
  active: 'text-bg-primary',
  completed: 'text-bg-success',
  failed: 'text-bg-warning',
  dead: 'text-bg-danger',
};

/** One job: kind, state, attempts, next run, last error, progress; Retry / Discard where they apply. */
export function JobItem({
  job,
  onRetry,
  onDiscard,
  busy,
}: {
  job: JobSummary;
  onRetry: () => void;
  onDiscard: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
  const label = `${job.name} #${job.id}`;
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <code>{job.name}</code>
        <span className="text-body-secondary small">#{job.id}</span>
        <span className={`badge ${BADGE[job.state]}`}>{t(`jobs.states.${job.state}`)}</span>
        <span className="small">{t('jobs.attempts', { attempts: job.attempts, max: job.max_attempts })}</span>
        {job.run_at && <span className="small">{t('jobs.nextRun', { when: when(job.run_at) })}</span>}
        <div className="ms-auto d-flex gap-2">
          {(job.state === 'failed' || job.state === 'dead') && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={onRetry}
              disabled={busy}
              aria-label={t('jobs.retryLabel', { job: label })}
            >
              {t('jobs.retry')}
            </button>
          )}
          {job.state !== 'active' && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={onDiscard}
              disabled={busy}
              aria-label={t('jobs.discardLabel', { job: label })}
            >
              {t('jobs.discard')}
            </button>
          )}
        </div>
      </div>
      {job.state === 'active' && (
        <div className="mt-2">
          <div
            className="progress"
            role="progressbar"
            aria-label={t('jobs.progressLabel', { job: label })}
            aria-valuenow={job.progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-bar" style={{ width: `${job.progress}%` }}>
              {job.progress}%
            </div>
          </div>
          {job.progress_message && (
            <div className="small text-body-secondary mt-1">{job.progress_message}</div>
          )}
        </div>
      )}
      {job.last_error && (
        <div className="small mt-2">
          <span className="fw-semibold">{t('jobs.lastError')}</span>{' '}
          <span className="text-danger">{job.last_error}</span>
        </div>
      )}
      <div className="small text-body-secondary mt-1">
        {t('jobs.created', { when: when(job.created_at) })}
        {job.finished_at && ` · ${t('jobs.finished', { when: when(job.finished_at) })}`}
      </div>
    </li>
  );
}
