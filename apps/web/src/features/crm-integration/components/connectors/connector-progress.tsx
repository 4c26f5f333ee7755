import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { invalidateConnectors } from '../../../shared/api/get-connectors.ts';
import { isJobSettled, useJobProgress } from '../../../shared/live/use-job-progress.ts';

/**
 * The progress of a "Sync now" run, followed live (decision 028). When the
 * run settles, the connection's counts and log are read again.
 */
export function ConnectorProgress({ companyId, jobId }: { companyId: number; jobId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const job = useJobProgress(companyId, jobId);
  const settled = isJobSettled(job?.state);
  useEffect(() => {
    if (settled) void invalidateConnectors(queryClient, companyId);
  }, [settled, queryClient, companyId]);
  if (!job) return null;
  const percent = job.progress;
  return (
    <div className="mb-3" data-testid="connector-progress">
      <div className="d-flex justify-content-between small mb-1">
        <span role="status">{t(`connectors.job.${job.state}`)}</span>
        {job.message && job.state === 'active' && <span className="text-body-secondary">{job.message}</span>}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('connectors.progress')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar${job.state === 'dead' ? ' bg-danger' : ''}`}
          style={{ width: `${percent}%` }}
        >
          {format.number(percent)} %
        </div>
      </div>
    </div>
  );
}
