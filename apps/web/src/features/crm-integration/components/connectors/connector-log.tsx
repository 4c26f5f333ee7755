import type { Connector } from '@kontora/contract/connectors';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { useFormatters } from '../../../../lib/format.ts';
import { useConnectorLog } from '../../api/connectors.ts';

/** The sync log of one connection, newest first: runs, failed records and why, conflicts, deletions. */
export function ConnectorLog({ companyId, connector }: { companyId: number; connector: Connector }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const log = useConnectorLog(companyId, connector.id);
  const items = log.data?.items ?? [];
  if (log.error) return <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  if (items.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        {log.isPending ? t('common.loading') : t('connectors.log.empty')}
      </p>
    );
  }
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <caption className="visually-hidden">{t('connectors.log.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('connectors.log.at')}</th>
            <th scope="col">{t('connectors.log.kind')}</th>
            <th scope="col">{t('connectors.log.record')}</th>
            <th scope="col">{t('connectors.log.message')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.id} data-testid="connector-log-row">
              <td className="small text-nowrap">{f.dateTime(entry.at)}</td>
              <td>
                <span
                  className={`badge ${entry.kind === 'record_failed' || entry.kind === 'run_failed' ? 'text-bg-danger' : 'text-bg-light'}`}
                >
                  {t(`connectors.log.kinds.${entry.kind}`)}
                </span>
                {entry.direction && (
                  <span className="small text-body-secondary ms-1">
                    {t(`connectors.log.${entry.direction}`)}
                  </span>
                )}
              </td>
              <td className="small text-break">
                {entry.remote_id ? `${entry.remote_type ?? ''} ${entry.remote_id}`.trim() : '–'}
              </td>
              <td className="small text-break">{entry.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
