import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useCanManageCompany } from '../../../lib/use-can-manage-company.ts';
import { useApiKeys } from '../../shared/api/get-api-keys.ts';
import { useConnectors } from '../../shared/api/get-connectors.ts';
import { useDashboardWebhooks } from '../api/get-webhooks.ts';
import { endpointName, overallSuccessRate, troubledEndpoints } from './webhook-figures.ts';
import { WidgetCard } from './widget-card.tsx';

/**
 * Module 1 on the company dashboard: active API keys, webhook success over
 * 24 hours, the endpoints that fail or were disabled, and the last sync of
 * each HubSpot or Pipedrive connection.
 */
export function IntegrationWidget({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const canManage = useCanManageCompany(companyId);
  const keys = useApiKeys(companyId);
  const webhooks = useDashboardWebhooks(companyId);
  const connectors = useConnectors(companyId);
  const connections = connectors.data?.items ?? [];
  const now = Date.now();
  const active = keys.data?.items.filter((k) => Date.parse(k.expires_at) > now).length ?? 0;
  const hooks = webhooks.data?.items ?? [];
  const { rate, attempts } = overallSuccessRate(hooks);
  const troubled = troubledEndpoints(hooks);
  const title = t('modules.crm-integration');
  const href = paths.company.crmIntegration.href();
  const webhooksHref = `${href}?tab=webhooks`;
  return (
    <WidgetCard
      icon="link"
      title={title}
      footer={
        <>
          <Link to={href} className="btn btn-outline-primary btn-sm">
            {t('dashboard.open', { module: title })}
          </Link>
          {canManage && webhooks.isSuccess && hooks.length === 0 && (
            <Link to={webhooksHref} className="btn btn-primary btn-sm">
              {t('dashboard.integration.addWebhook')}
            </Link>
          )}
        </>
      }
    >
      <dl className="row mb-0">
        {keys.isSuccess && (
          <>
            <dt className="col-8 fw-normal text-body-secondary">{t('integration.widget.activeKeys')}</dt>
            <dd className="col-4 text-end fw-semibold mb-1" data-testid="widget-active-keys">
              {format.number(active)}
            </dd>
          </>
        )}
        {webhooks.isSuccess && hooks.length > 0 && (
          <>
            <dt className="col-8 fw-normal text-body-secondary">{t('dashboard.integration.successRate')}</dt>
            <dd className="col-4 text-end fw-semibold mb-1" data-testid="widget-webhook-success">
              {rate === null
                ? '—'
                : t('dashboard.integration.percent', { value: format.number(Math.round(rate * 100)) })}
            </dd>
            <dt className="col-8 fw-normal text-body-secondary">{t('dashboard.integration.attempts')}</dt>
            <dd className="col-4 text-end fw-semibold mb-1">{format.number(attempts)}</dd>
          </>
        )}
      </dl>
      {webhooks.isSuccess && hooks.length === 0 && (
        <p className="text-body-secondary mt-2 mb-0">{t('dashboard.integration.noWebhooks')}</p>
      )}
      {troubled.length > 0 && (
        <>
          <h3 className="h6 mt-3 mb-2">{t('dashboard.integration.troubled')}</h3>
          <ul className="list-unstyled mb-0">
            {troubled.map((hook) => (
              <li key={hook.id} className="d-flex align-items-center gap-2 mb-1">
                <span className={`badge ${hook.enabled ? 'text-bg-warning' : 'text-bg-danger'}`}>
                  {hook.enabled ? t('dashboard.integration.failing') : t('dashboard.integration.disabled')}
                </span>
                <Link to={webhooksHref} className="text-truncate">
                  {endpointName(hook)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {connections.length > 0 && (
        <>
          <h3 className="h6 mt-3 mb-2">{t('connectors.widget.lastSync')}</h3>
          <ul className="list-unstyled mb-0" data-testid="widget-connectors">
            {connections.map((c) => (
              <li key={c.id} className="d-flex align-items-center gap-2 mb-1">
                {c.state === 'failed' && (
                  <span className="badge text-bg-danger">{t('connectors.state.failed')}</span>
                )}
                <Link to={`${href}?tab=connectors`} className="text-truncate">
                  {t(`connectors.providers.${c.provider}`)}
                </Link>
                <span className="ms-auto small text-body-secondary text-nowrap">
                  {c.last_sync_at ? format.dateTime(c.last_sync_at) : t('connectors.widget.never')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </WidgetCard>
  );
}
