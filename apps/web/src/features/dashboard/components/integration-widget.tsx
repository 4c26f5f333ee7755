import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useApiKeys } from '../../shared/api/get-api-keys.ts';
import { WidgetCard } from './widget-card.tsx';

/** Module 1 on the company dashboard: how many API keys are active (webhooks and connectors come later). */
export function IntegrationWidget({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const keys = useApiKeys(companyId);
  const now = Date.now();
  const active = keys.data?.items.filter((k) => Date.parse(k.expires_at) > now).length ?? 0;
  const title = t('modules.crm-integration');
  return (
    <WidgetCard
      icon="link"
      title={title}
      footer={
        <Link to={paths.company.crmIntegration.href()} className="btn btn-outline-primary btn-sm">
          {t('dashboard.open', { module: title })}
        </Link>
      }
    >
      {keys.isSuccess &&
        (active > 0 ? (
          <p className="mb-0">
            <span className="display-6 me-2">{format.number(active)}</span>
            <span className="text-body-secondary">{t('integration.widget.activeKeys')}</span>
          </p>
        ) : (
          <p className="text-body-secondary mb-0">{t('integration.widget.noKeys')}</p>
        ))}
    </WidgetCard>
  );
}
