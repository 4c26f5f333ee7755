import { useId, useState } from 'react';
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
  // What the click asked for, until the answer (or an error) settles it. Held in the component's
  // own state, set in the click's handler: the mutation's pending state arrives a tick later,
  // and a controlled checkbox would meanwhile spring back to the saved value.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const error = save.error ? problemText(t, save.error) : null;
  if (!settings.data) return null;
  const on = wanted ?? settings.data.organisation_domains;
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
          onChange={(event) => {
            setWanted(event.target.checked);
            save.mutate({ organisation_domains: event.target.checked }, { onSettled: () => setWanted(null) });
          }}
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
