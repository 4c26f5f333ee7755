import type { Webhook, WebhookDelivery } from '@kontora/contract/webhooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useWebhookDeliveries } from '../../api/get-webhook-deliveries.ts';
import { useReplayFailedWebhookDeliveries } from '../../api/replay-failed-webhook-deliveries.ts';
import { useReplayWebhookDelivery } from '../../api/replay-webhook-delivery.ts';
import { useSendWebhookTest } from '../../api/send-webhook-test.ts';

/** An `<input type="datetime-local">` value for a time, in the browser's zone. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** The delivery log of one endpoint, with "Send test event", "Replay" and "Replay all failed since …". */
export function WebhookDeliveries({
  companyId,
  webhook,
  canManage,
}: {
  companyId: number;
  webhook: Webhook;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const log = useWebhookDeliveries(companyId, webhook.id);
  const test = useSendWebhookTest(companyId);
  const replay = useReplayWebhookDelivery(companyId, webhook.id);
  const replayFailed = useReplayFailedWebhookDeliveries(companyId, webhook.id);
  const [since, setSince] = useState(() => localInput(Date.now() - 86_400_000));
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  const run = async (action: () => Promise<{ queued: number }>, done: (n: number) => string) => {
    try {
      const { queued } = await action();
      notify('success', done(queued));
      await log.refetch();
    } catch (error) {
      notify('danger', errorMessage(t, error));
    }
  };

  return (
    <section className="card kt-card mt-4" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
          <div className="me-auto">
            <h3 className="h6 mb-0" id={`${id}-title`}>
              {t('webhooks.log.title')}
            </h3>
            <div className="small text-body-secondary text-break">{webhook.url}</div>
          </div>
          {canManage && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={test.isPending}
              onClick={() =>
                void run(
                  () => test.mutateAsync(webhook.id),
                  () => t('webhooks.log.testSent'),
                )
              }
            >
              {t('webhooks.log.sendTest')}
            </button>
          )}
        </div>
        {canManage && (
          <form
            className="d-flex flex-wrap align-items-end gap-2 mb-3"
            onSubmit={(e) => {
              e.preventDefault();
              void run(
                () => replayFailed.mutateAsync(new Date(since).toISOString()),
                (n) => t('webhooks.log.replayedFailed', { count: n }),
              );
            }}
          >
            <div>
              <label className="form-label small mb-1" htmlFor={`${id}-since`}>
                {t('webhooks.log.failedSince')}
              </label>
              <input
                id={`${id}-since`}
                type="datetime-local"
                className="form-control form-control-sm"
                value={since}
                max={localInput(Date.now())}
                onChange={(e) => setSince(e.target.value)}
              />
            </div>
            <button
              type="submit"
              className="btn btn-sm btn-outline-secondary"
              disabled={!since || replayFailed.isPending}
            >
              {t('webhooks.log.replayFailed')}
            </button>
          </form>
        )}
        {log.error ? (
          <LoadError error={log.error} onRetry={() => void log.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-body-secondary mb-0">
            {log.isPending ? t('common.loading') : t('webhooks.log.empty')}
          </p>
        ) : (
          <DeliveryTable
            items={items}
            canManage={canManage}
            busy={replay.isPending}
            onReplay={(delivery) =>
              void run(
                () => replay.mutateAsync(delivery.id),
                () => t('webhooks.log.replayed'),
              )
            }
          />
        )}
        {log.hasNextPage && (
          <button
            type="button"
            className="btn btn-sm btn-link"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {t('webhooks.log.more')}
          </button>
        )}
      </div>
    </section>
  );
}

function DeliveryTable({
  items,
  canManage,
  busy,
  onReplay,
}: {
  items: WebhookDelivery[];
  canManage: boolean;
  busy: boolean;
  onReplay: (delivery: WebhookDelivery) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <caption className="visually-hidden">{t('webhooks.log.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('webhooks.log.time')}</th>
            <th scope="col">{t('webhooks.log.event')}</th>
            <th scope="col">{t('webhooks.log.attempt')}</th>
            <th scope="col">{t('webhooks.log.status')}</th>
            <th scope="col">{t('webhooks.log.latency')}</th>
            <th scope="col">{t('webhooks.log.response')}</th>
            <th scope="col">{t('webhooks.log.next')}</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">{t('webhooks.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.id} data-testid="webhook-delivery">
              <td className="text-nowrap small">{f.dateTime(d.attempted_at)}</td>
              <td className="font-monospace small">{d.event_type}</td>
              <td>
                {d.attempt}
                {d.trigger !== 'change' && (
                  <span className="badge text-bg-light border ms-1">
                    {t(`webhooks.trigger.${d.trigger}`)}
                  </span>
                )}
              </td>
              <td>
                <span className={`badge ${d.succeeded ? 'text-bg-success' : 'text-bg-danger'}`}>
                  {d.status_code ?? t('webhooks.log.noAnswer')}
                </span>
                {d.error && <div className="small text-danger text-break">{d.error}</div>}
              </td>
              <td className="text-nowrap small">
                {d.latency_ms === null ? '–' : `${f.number(d.latency_ms)} ms`}
              </td>
              <td className="small">
                {d.response_excerpt ? (
                  <code className="text-break" title={d.response_excerpt}>
                    {d.response_excerpt.length > 120
                      ? `${d.response_excerpt.slice(0, 120)}…`
                      : d.response_excerpt}
                  </code>
                ) : (
                  '–'
                )}
              </td>
              <td className="text-nowrap small">{d.next_attempt_at ? f.dateTime(d.next_attempt_at) : '–'}</td>
              {canManage && (
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    disabled={busy}
                    onClick={() => onReplay(d)}
                    aria-label={t('webhooks.log.replayOne', {
                      event: d.event_type,
                      time: f.dateTime(d.attempted_at),
                    })}
                  >
                    {t('webhooks.log.replay')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
