import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { WebhooksSection } from './webhooks/webhooks-section.tsx';

export function CrmIntegrationScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  return (
    <>
      <PageHeader title={t('menu.crmIntegration')} />
      <WebhooksSection companyId={companyId} />
    </>
  );
}
