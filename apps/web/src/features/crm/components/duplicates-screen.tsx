import type { DuplicateGroup } from '@kontora/contract/customer-duplicates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useLiveStatus } from '../../shared/live/live-store.ts';
import { isJobSettled, useJobProgress } from '../../shared/live/use-job-progress.ts';
import {
  useDuplicateGroups,
  useRefreshDuplicateGroups,
  useStartDuplicateScan,
} from '../api/duplicate-groups.ts';
import { MergeDialog } from './duplicates/merge-dialog.tsx';

/** "Possible duplicates": the latest company-wide scan (started here, a job with progress) and its groups. */
export function DuplicatesScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const companyId = useCompanyId();
  const liveUp = useLiveStatus() === 'live';
  const groups = useDuplicateGroups(companyId, liveUp);
  const start = useStartDuplicateScan(companyId);
  const refresh = useRefreshDuplicateGroups(companyId);
  const [merging, setMerging] = useState<readonly number[] | null>(null);
  const scan = groups.data?.pages[0]?.scan ?? null;
  // The running scan's job, followed live (or polled while the socket is down).
  const job = useJobProgress(companyId, scan?.state === 'running' ? scan.job_id : null);
  const jobSettled = isJobSettled(job?.state);
  useEffect(() => {
    if (jobSettled) void refresh();
  }, [jobSettled, refresh]);
  const percent = Math.max(scan?.progress ?? 0, job?.progress ?? 0);
  const running = scan?.state === 'running' || start.isPending;
  const list = groups.data?.pages.flatMap((page) => page.groups) ?? [];

  return (
    <>
      <PageHeader title={t('duplicates.title')}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={running}
          aria-busy={running}
          onClick={() => start.mutate()}
        >
          {running && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {running ? t('duplicates.scanning') : t('duplicates.scan')}
        </button>
      </PageHeader>
      <p className="text-body-secondary">{t('duplicates.intro')}</p>
      {start.error && <FormAlert kind="danger">{errorMessage(t, start.error)}</FormAlert>}
      {groups.isPending ? (
        <PageSpinner />
      ) : groups.error ? (
        <FormAlert kind="danger">{errorMessage(t, groups.error)}</FormAlert>
      ) : (
        <>
          {scan?.state === 'running' && (
            <div
              className="progress mb-3"
              role="progressbar"
              aria-label={t('duplicates.progress')}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="progress-bar" style={{ width: `${percent}%` }}>
                {format.number(percent)} %
              </div>
            </div>
          )}
          {scan?.state === 'failed' && <FormAlert kind="danger">{t('duplicates.failed')}</FormAlert>}
          {!scan && <p>{t('duplicates.neverScanned')}</p>}
          {scan?.state === 'completed' && (
            <p role="status">
              {/* Groups found, unless all were merged or changed since: then not a count beside "none left". */}
              {list.length === 0 && !groups.hasNextPage && scan.group_count > 0
                ? t('duplicates.scannedAllHandled', {
                    date: format.dateTime(scan.finished_at ?? scan.started_at),
                  })
                : t('duplicates.scanned', {
                    date: format.dateTime(scan.finished_at ?? scan.started_at),
                    number: format.number(scan.group_count),
                  })}
            </p>
          )}
          {scan?.state === 'completed' && list.length === 0 && scan.group_count === 0 && (
            <p>{t('duplicates.none')}</p>
          )}
          {list.length > 0 && (
            <ul className="list-unstyled" aria-label={t('duplicates.groups')}>
              {list.map((group) => (
                <GroupCard
                  key={`${group.rules.join('+')}-${group.customers.map((c) => c.id).join('-')}`}
                  group={group}
                  onMerge={() => setMerging(group.customers.map((c) => c.id))}
                />
              ))}
            </ul>
          )}
          {groups.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={groups.isFetchingNextPage}
              onClick={() => void groups.fetchNextPage()}
            >
              {t('duplicates.more')}
            </button>
          )}
        </>
      )}
      {merging && <MergeDialog ids={merging} onClose={() => setMerging(null)} />}
    </>
  );
}

function GroupCard({ group, onMerge }: { group: DuplicateGroup; onMerge: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <li className="card kt-card mb-2">
      <div className="card-body d-flex flex-wrap align-items-start gap-3 py-2">
        <div className="flex-grow-1">
          <h2 className="h6 mb-1">
            {t('duplicates.group', {
              rule: group.rules.map((rule) => t(`duplicates.rule.${rule}`)).join(', '),
              number: format.number(group.size),
            })}
          </h2>
          <ul className="mb-0 ps-3">
            {group.customers.map((c) => (
              <li key={c.id}>
                <Link to={paths.company.customer.href(c.id)}>{c.name}</Link>{' '}
                <span className="text-body-secondary small">
                  {[c.email, c.phone, c.oib].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onMerge}>
          {t('merge.open')}
        </button>
      </div>
    </li>
  );
}
