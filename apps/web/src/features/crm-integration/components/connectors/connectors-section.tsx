import type { Connector } from '@kontora/contract/connectors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useConnectors } from '../../../shared/api/get-connectors.ts';
import { useDeleteConnector, useSyncConnector } from '../../api/connectors.ts';
import { IntegrationListCard, IntegrationRowActions } from '../integration-list-card.tsx';
import { ConnectorDialog } from './connector-dialog.tsx';
import { ConnectorFieldMapping } from './connector-field-mapping.tsx';
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
  /** The connection whose field mapping is open (owners and admins). */
  const [mappingId, setMappingId] = useState<number | null>(null);
  /** The job of the latest "Sync now" per connection, followed until the screen is left. */
  const [jobs, setJobs] = useState<Record<number, string>>({});
  const items = list.data?.items ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? null;
  const mapping = canManage ? (items.find((c) => c.id === mappingId) ?? null) : null;
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
      <IntegrationListCard
        titleId="connectors-title"
        title={t('connectors.title')}
        intro={t('connectors.intro')}
        canManage={canManage}
        addLabel={t('connectors.connect')}
        onAdd={() => setConnecting(true)}
        readOnlyNote={t('connectors.readOnly')}
        query={list}
        isEmpty={items.length === 0}
        emptyIcon="swap"
        emptyTitle={t('connectors.empty')}
        columns={[
          t('connectors.columns.connection'),
          t('connectors.columns.state'),
          t('connectors.columns.sync'),
          t('connectors.columns.counts'),
        ]}
        actionsLabel={t('connectors.actions')}
      >
        {items.map((c) => (
          <tr key={c.id} data-testid="connector-row" aria-current={c.id === selectedId ? 'true' : undefined}>
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
            <IntegrationRowActions
              logLabel={t('connectors.showLog')}
              logShown={c.id === selectedId}
              onToggleLog={() => setSelectedId(c.id === selectedId ? null : c.id)}
              canManage={canManage}
            >
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
                className="btn btn-sm btn-outline-secondary me-1"
                aria-pressed={c.id === mappingId}
                onClick={() => setMappingId(c.id === mappingId ? null : c.id)}
              >
                {t('connectors.fields.open')}
              </button>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setDeleting(c)}>
                {t('connectors.disconnect')}
              </button>
            </IntegrationRowActions>
          </tr>
        ))}
      </IntegrationListCard>
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
      {mapping && <ConnectorFieldMapping companyId={companyId} connector={mapping} />}
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
