import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../../components/settings-section.tsx';
import { useCanManageCompany } from '../../../../lib/use-can-manage-company.ts';
import { MailExclusionsEditor } from './mail-exclusions-editor.tsx';
import { OrganisationDomainsSwitch } from './organisation-domains-switch.tsx';

/**
 * The company's addresses and domains whose mail no member's mailbox keeps: owners and
 * admins change them; members see them, since they decide what their own mailboxes keep.
 */
export function CompanyMailExclusionsSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const manages = useCanManageCompany(companyId);
  return (
    <SettingsSection
      title={t('mailExclusions.company.title')}
      note={t('mailExclusions.company.note')}
      id="mail-exclusions"
      className="mb-4"
    >
      <MailExclusionsEditor companyId={companyId} scope="company" editable={manages} />
      <OrganisationDomainsSwitch companyId={companyId} editable={manages} />
    </SettingsSection>
  );
}

/** The person's own list, under their mailboxes: it applies to every one of them in this company. */
export function OwnMailExclusions({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="own-mail-exclusions" className="mt-4">
      <h3 className="h6 mb-1" id="own-mail-exclusions">
        {t('mailExclusions.own.title')}
      </h3>
      <p className="text-body-secondary small">{t('mailExclusions.own.note')}</p>
      <MailExclusionsEditor companyId={companyId} scope="own" editable />
    </section>
  );
}
