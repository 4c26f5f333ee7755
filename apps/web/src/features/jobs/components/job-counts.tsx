import { JOB_STATES } from '@kontora/contract/jobs';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useJobsOverview } from '../api/jobs-api.ts';

/** Jobs per queue and kind, one column per state. */
export function JobCounts() {
  const { t } = useTranslation();
  const overview = useJobsOverview();
  const queues = overview.data?.queues ?? [];
  return (
    <ListStates query={overview} isEmpty={queues.length === 0} icon="activity" emptyTitle={t('jobs.noJobs')}>
      <div className="table-responsive card kt-card mb-3">
        <table className="table table-sm align-middle mb-0">
          <caption className="px-3">
            {t('jobs.countsCaption', { engine: t(`jobs.engines.${overview.data?.engine ?? 'embedded'}`) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('jobs.queue')}</th>
              <th scope="col">{t('jobs.name')}</th>
              {JOB_STATES.map((state) => (
                <th scope="col" key={state} className="text-end">
                  {t(`jobs.states.${state}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={`${q.queue}/${q.name}`}>
                <td>{q.queue}</td>
                <td>
                  <code>{q.name}</code>
                </td>
                {JOB_STATES.map((state) => (
                  <td
                    key={state}
                    className={`text-end${state === 'dead' && q.counts[state] ? ' text-danger fw-semibold' : ''}`}
                  >
                    {q.counts[state] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListStates>
  );
}
