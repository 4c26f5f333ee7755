import { MODULE_ID } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PreferencesForm } from '../../../components/preferences-form.tsx';
import { useCompanyModules } from '../../../lib/api/get-company-modules.ts';
import { useSession } from '../../../lib/session.ts';
import { useCanManageCompany } from '../../../lib/use-can-manage-company.ts';
import { CompanyCalendarSection } from './company-calendar-section.tsx';
import { CompanySecuritySection } from './company-security-section.tsx';
import { CustomFieldsSection } from './custom-fields/custom-fields-section.tsx';
import { EmailTemplatesSection } from './email-templates-section.tsx';
import { LostReasonsSection } from './lost-reasons-section.tsx';
import { CompanyMailExclusionsSection } from './mailboxes/company-mail-exclusions-section.tsx';
import { MailboxesSection } from './mailboxes/mailboxes-section.tsx';
import { NotificationPreferencesSection } from './notification-preferences-section.tsx';
import { PipelinesSection } from './pipelines-section.tsx';

/** Layout and theme, and the company's settings; the language is chosen on the Profile only. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { company } = useSession();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <div className="row g-4">
        {/* The page's width: half of it left the choices' tiles too narrow for their labels. */}
        <div className="col-12">
          <section className="card kt-card" aria-labelledby="settings-appearance">
            <div className="card-body">
              <h2 className="h5 mb-1" id="settings-appearance">
                {t('settings.appearance')}
              </h2>
              <p className="text-body-secondary small">{t('settings.appearanceNote')}</p>
              <PreferencesForm />
            </div>
          </section>
        </div>
        <div className="col-12 col-xl-6">
          <NotificationPreferencesSection />
        </div>
      </div>
      {/* Company settings; the team has its own screen (`#/company/team`). */}
      {company.id !== null && (
        <div className="mt-4">
          <OwnMailboxes companyId={company.id} />
          <CompanySecuritySection companyId={company.id} companyName={company.name ?? ''} />
          <CompanyCalendarSection companyId={company.id} />
          <SalesSettings companyId={company.id} />
          <EmailSettings companyId={company.id} />
        </div>
      )}
    </>
  );
}

/** Every member's own mailboxes in a company with the CRM, whose customers their mail is kept beside. */
function OwnMailboxes({ companyId }: { companyId: number }) {
  const modules = useCompanyModules(companyId).data;
  if (!modules?.includes(MODULE_ID.crm)) return null;
  return <MailboxesSection companyId={companyId} />;
}

/** Pipelines, stages, lost reasons and the company's own fields: for the owners and admins of a company with the CRM. */
function SalesSettings({ companyId }: { companyId: number }) {
  const manages = useCanManageCompany(companyId);
  const modules = useCompanyModules(companyId).data;
  if (!manages || !modules?.includes(MODULE_ID.crm)) return null;
  return (
    <>
      <PipelinesSection companyId={companyId} />
      <LostReasonsSection companyId={companyId} />
      <CustomFieldsSection companyId={companyId} />
    </>
  );
}

/**
 * Email templates (every member of a company with the CRM writes with them and may keep
 * them) and the company's addresses and domains never synced (owners and admins change them).
 */
function EmailSettings({ companyId }: { companyId: number }) {
  const modules = useCompanyModules(companyId).data;
  if (!modules?.includes(MODULE_ID.crm)) return null;
  return (
    <>
      <EmailTemplatesSection companyId={companyId} />
      <CompanyMailExclusionsSection companyId={companyId} />
    </>
  );
}
