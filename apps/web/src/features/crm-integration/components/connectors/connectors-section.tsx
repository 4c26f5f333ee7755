import type { Connector } from '@kontora/contract/connectors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useConnectors } from '../../../shared/api/get-connectors.ts';
import { ListStates } from '../../../shared/components/list-states/list-states.tsx';
import { useDeleteConnector, useSyncConnector } from '../../api/connectors.ts';
import { ConnectorDialog } from './connector-dialog.tsx';
import { ConnectorLog } from './connector-log.tsx';
import { ConnectorProgress } from './connector-progress.tsx';

const STATE_BADGE: Record<Connector['state'], string> = {
  idle: 'text-bg-success',
  syncing: 'text-bg-info',
  failed: 'text-bg-danger',
  paused: 'text-bg-warning',
};

/**
 * The company's HubSpot and Pipedrive connections: state, last and next sync,
 * the counts of the latest run, its log, "Sync now" with live progress and
 * "Disconnect". Owners and admins manage; members see it read-only.
 */
export function ConnectorsSection({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const list = useConnectors(companyId);
  const sync = useSyncConnector(companyId);
  const remove = useDeleteConnector(companyId);
  const [connecting, setConnecting] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Connector | null>(null);
  /** The job of the latest "Sync now" per connection, followed until the screen is left. */
  const [jobs, setJobs] = useState<Record<number, string>>({});
  const items = list.data?.items ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? null;
  const when = (at: string | null) => (at ? f.dateTime(at) : '–');

  const onSync = async (connector: Connector) => {
    try {
      const queued = await sync.mutateAsync(connector.id);
      setJobs((current) => ({ ...current, [connector.id]: queued.job_id }));
      setSelectedId(connector.id);
    } catch (error) {
      notify('danger', errorMessage(t, error));
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      if (selectedId === deleting.id) setSelectedId(null);
      setDeleting(null);
      notify('success', t('connectors.disconnected'));
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <section aria-labelledby="connectors-title">
      <div className="card kt-card">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
            <div className="me-auto">
              <h2 className="h5 mb-1" id="connectors-title">
                {t('connectors.title')}
              </h2>
              <p className="text-body-secondary small mb-0">{t('connectors.intro')}</p>
            </div>
            {canManage && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setConnecting(true)}>
                {t('connectors.connect')}
              </button>
            )}
          </div>
          {!canManage && <p className="small text-body-secondary">{t('connectors.readOnly')}</p>}
          <div className="mt-3">
            <ListStates
              query={list}
              isEmpty={items.length === 0}
              icon="swap"
              emptyTitle={t('connectors.empty')}
              inline
            >
              <div className="table-responsive mt-3">
                <table className="table align-middle mb-0">
                  <caption className="visually-hidden">{t('connectors.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('connectors.columns.connection')}</th>
                      <th scope="col">{t('connectors.columns.state')}</th>
                      <th scope="col">{t('connectors.columns.sync')}</th>
                      <th scope="col">{t('connectors.columns.counts')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('connectors.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((c) => (
                      <tr
                        key={c.id}
                        data-testid="connector-row"
                        aria-current={c.id === selectedId ? 'true' : undefined}
                      >
                        <td>
                          <div className="fw-semibold">{t(`connectors.providers.${c.provider}`)}</div>
                          <div className="small text-body-secondary text-break">{c.base_url}</div>
                        </td>
                        <td>
                          <span className={`badge ${STATE_BADGE[c.state]}`} data-testid="connector-state">
                            {t(`connectors.state.${c.state}`)}
                          </span>
                          {c.state === 'failed' && c.last_error && (
                            <div className="small text-danger text-break">{c.last_error}</div>
                          )}
                          {c.state === 'paused' && c.paused_until && (
                            <div className="small text-body-secondary" data-testid="connector-paused">
                              {t('connectors.pausedUntil', { when: when(c.paused_until) })}
                            </div>
                          )}
                        </td>
                        <td className="small">
                          <div>{t('connectors.lastSync', { when: when(c.last_sync_at) })}</div>
                          <div className="text-body-secondary">
                            {t('connectors.nextSync', { when: when(c.next_sync_at) })}
                          </div>
                        </td>
                        <td className="small" data-testid="connector-counts">
                          {t('connectors.counts', {
                            fetched: f.number(c.counts.fetched),
                            created: f.number(c.counts.created),
                            updated: f.number(c.counts.updated),
                            failed: f.number(c.counts.failed),
                          })}
                        </td>
                        <td className="text-end text-nowrap">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary me-1"
                            aria-pressed={c.id === selectedId}
                            onClick={() => setSelectedId(c.id === selectedId ? null : c.id)}
                          >
                            {t('connectors.showLog')}
                          </button>
                          {canManage && (
                            <>
                              <button
                                type="button"
                                className="btn btn-sm btn-outline-secondary me-1"
                                disabled={sync.isPending}
                                onClick={() => void onSync(c)}
                              >
                                {t('connectors.syncNow')}
                              </button>
                              <button
                                type="button"
                                className="btn btn-sm btn-outline-danger"
                                onClick={() => setDeleting(c)}
                              >
                                {t('connectors.disconnect')}
                              </button>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </ListStates>
          </div>
        </div>
      </div>
      {selected && (
        <div className="card kt-card mt-3">
          <div className="card-body">
            <h3 className="h6">
              {t('connectors.log.heading', { provider: t(`connectors.providers.${selected.provider}`) })}
            </h3>
            {jobs[selected.id] && (
              <ConnectorProgress companyId={companyId} jobId={jobs[selected.id] as string} />
            )}
            <ConnectorLog companyId={companyId} connector={selected} />
          </div>
        </div>
      )}
      <ConnectorDialog companyId={companyId} open={connecting} onClose={() => setConnecting(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('connectors.disconnectTitle')}
        confirmLabel={t('connectors.disconnect')}
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() => void onDelete()}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        {t('connectors.disconnectText', {
          provider: deleting ? t(`connectors.providers.${deleting.provider}`) : '',
        })}
      </ConfirmDialog>
    </section>
  );
}
