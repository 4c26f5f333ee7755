import type { Webhook, WebhookWithSecret } from '@kontora/contract/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useMyCompanies } from '../../../../lib/api/get-my-companies.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useSession } from '../../../../lib/session.ts';
import { useDeleteWebhook } from '../../api/delete-webhook.ts';
import { useWebhooks } from '../../api/get-webhooks.ts';
import { useRotateWebhookSecret } from '../../api/rotate-webhook-secret.ts';
import { IntegrationListCard, IntegrationRowActions } from '../integration-list-card.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

/**
 * Outgoing webhooks of the current company: endpoints with their 24-hour
 * success rate, add/edit/delete, secret rotation and the delivery log.
 * Owners and admins manage; members see it read-only.
 */
export function WebhooksSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { user } = useSession();
  const companies = useMyCompanies({ limit: 100 });
  const role = companies.data?.items.find((item) => item.id === companyId)?.role ?? null;
  const canManage = Boolean(user?.is_admin) || role === 'owner' || role === 'admin';
  const list = useWebhooks(companyId);
  const remove = useDeleteWebhook(companyId);
  const rotate = useRotateWebhookSecret(companyId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const items = list.data?.items ?? [];
  const selected = items.find((w) => w.id === selectedId) ?? null;

  const onCreated = (created: WebhookWithSecret) => {
    setEditing(null);
    setSelectedId(created.id);
    setSecret({ value: created.secret, rotated: false });
  };
  const onRotate = async (webhook: Webhook) => {
    try {
      const rotated = await rotate.mutateAsync(webhook.id);
      setSecret({ value: rotated.secret, rotated: true });
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
      notify('success', t('webhooks.deleted'));
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <section aria-labelledby="webhooks-title">
      <IntegrationListCard
        titleId="webhooks-title"
        title={t('webhooks.title')}
        intro={t('webhooks.intro')}
        canManage={canManage}
        addLabel={t('webhooks.add')}
        onAdd={() => setEditing('new')}
        readOnlyNote={t('webhooks.readOnly')}
        query={list}
        isEmpty={items.length === 0}
        emptyIcon="link"
        emptyTitle={t('webhooks.empty')}
        columns={[
          t('webhooks.columns.endpoint'),
          t('webhooks.columns.events'),
          t('webhooks.columns.state'),
          t('webhooks.columns.success'),
        ]}
        actionsLabel={t('webhooks.actions')}
      >
        {items.map((w) => (
          <tr key={w.id} data-testid="webhook-row" aria-current={w.id === selectedId ? 'true' : undefined}>
            <td>
              <div className="text-break fw-semibold">{w.url}</div>
              {w.description && <div className="small text-body-secondary">{w.description}</div>}
            </td>
            <td className="small">{t('webhooks.eventCount', { count: w.event_types.length })}</td>
            <td>
              <span className={`badge ${w.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>
                {w.enabled
                  ? t('webhooks.state.enabled')
                  : t(`webhooks.state.${w.disabled_reason ?? 'disabled'}`)}
              </span>
            </td>
            <td className="small">
              {w.success_rate_24h === null
                ? '–'
                : t('webhooks.successRate', {
                    rate: f.number(Math.round(w.success_rate_24h * 1000) / 10),
                    count: w.attempts_24h,
                  })}
            </td>
            <IntegrationRowActions
              logLabel={t('webhooks.showLog')}
              logShown={w.id === selectedId}
              onToggleLog={() => setSelectedId(w.id === selectedId ? null : w.id)}
              canManage={canManage}
            >
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary me-1"
                onClick={() => setEditing(w)}
              >
                {t('webhooks.edit')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary me-1"
                disabled={rotate.isPending}
                onClick={() => void onRotate(w)}
              >
                {t('webhooks.rotate')}
              </button>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setDeleting(w)}>
                {t('webhooks.delete')}
              </button>
            </IntegrationRowActions>
          </tr>
        ))}
      </IntegrationListCard>
      {selected && <WebhookDeliveries companyId={companyId} webhook={selected} canManage={canManage} />}
      <WebhookDialog
        companyId={companyId}
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={onCreated}
      />
      <WebhookSecretDialog
        secret={secret?.value ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.deleteTitle')}
        confirmLabel={t('webhooks.delete')}
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onConfirm={() => void onDelete()}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        {t('webhooks.deleteText', { url: deleting?.url ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
