import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { problemText } from '../../../../lib/server-problems.ts';
import { useMailSettings, usePutMailSettings } from '../../api/mail-exclusions.ts';

/**
 * Whether mail from anyone at an organisation customer's domain is that organisation's
 * (docs/decisions/083-mail-exclusions.md); saved as it is switched, by owners and admins.
 */
export function OrganisationDomainsSwitch({ companyId, editable }: { companyId: number; editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useMailSettings(companyId);
  const save = usePutMailSettings(companyId);
  const error = save.error ? problemText(t, save.error) : null;
  if (!settings.data) return null;
  // The switch follows the click at once; the answer (or an error) settles it.
  const on =
    save.isPending && save.variables
      ? save.variables.organisation_domains
      : settings.data.organisation_domains;
  return (
    <div className="mt-4">
      {error && <FormAlert kind="danger">{error}</FormAlert>}
      <div className="form-check form-switch">
        <input
          id={`${id}-switch`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={!editable || save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => save.mutate({ organisation_domains: event.target.checked })}
        />
        <label className="form-check-label" htmlFor={`${id}-switch`}>
          {t('mailExclusions.organisationDomains.label')}
        </label>
      </div>
      <div className="form-text" id={`${id}-hint`}>
        {t('mailExclusions.organisationDomains.hint')}
      </div>
    </div>
  );
}
