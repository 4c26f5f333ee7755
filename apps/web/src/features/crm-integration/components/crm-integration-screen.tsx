import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCanManageCompany } from '../../../lib/use-can-manage-company.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { ConnectorsSection } from './connectors/connectors-section.tsx';
import { ImportExportSection } from './import-export-section.tsx';
import { PublicApiNote } from './public-api-note.tsx';
import { WebhooksSection } from './webhooks/webhooks-section.tsx';

const TABS = ['keys', 'webhooks', 'connectors', 'importExport'] as const;
type Tab = (typeof TABS)[number];

/**
 * CRM integration (#/company/crm-integration, module 1): how the company's
 * other systems talk to Kontora: API keys for the public API, webhooks, and
 * connectors to HubSpot and Pipedrive, and the CSV import and export of the CRM.
 */
export function CrmIntegrationScreen() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const canManage = useCanManageCompany(companyId);
  // The tab lives in the address (`?tab=webhooks`), so links (the dashboard's failing endpoints) and Back land on it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((name) => name === asked) ?? 'keys';
  const setTab = (name: Tab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', name);
        return next;
      },
      { replace: true },
    );
  const baseId = useId();

  return (
    <>
      <PageHeader title={t('integration.title')} />
      <p className="text-body-secondary">{t('integration.intro')}</p>
      <div className="btn-group mb-3 flex-wrap" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}`}
            aria-selected={tab === name}
            className={`btn btn-outline-primary${tab === name ? ' active' : ''}`}
            onClick={() => setTab(name)}
          >
            {/* The connectors' texts live in their own namespace. */}
            {name === 'connectors' ? t('connectors.tab') : t(`integration.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'keys' && (
          <>
            <ApiKeysSection companyId={companyId} canManage={canManage} />
            <PublicApiNote />
          </>
        )}
        {tab === 'webhooks' && <WebhooksSection companyId={companyId} />}
        {tab === 'connectors' && <ConnectorsSection companyId={companyId} canManage={canManage} />}
        {tab === 'importExport' && <ImportExportSection />}
      </div>
    </>
  );
}
