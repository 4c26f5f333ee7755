import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { customerQueryOptions } from '../../api/get-customer.ts';
import { OrganisationPicker } from './organisation-picker.tsx';

/** The list's "people of this organisation" filter: a picker, or the chosen organisation with a clear button. */
export function OrganisationFilter({
  organisationId,
  onChange,
}: {
  organisationId: number | undefined;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const id = organisationId ?? 0;
  const chosen = useQuery({ ...customerQueryOptions(useCompanyId(), id), enabled: id > 0 });
  if (!organisationId) {
    return (
      <OrganisationPicker
        label={t('peopleOrgs.organisation')}
        exclude={[]}
        onPick={(o) => onChange(String(o.id))}
      />
    );
  }
  // An organisation deleted since the address was written still shows as chosen.
  const name = chosen.data?.name ?? (chosen.isPending ? '…' : t('peopleOrgs.unknownOrganisation'));
  return (
    <div>
      <span className="form-label d-block">{t('peopleOrgs.organisation')}</span>
      <div className="d-flex align-items-center gap-2">
        <span className="badge bg-body-secondary text-body border text-truncate py-2">{name}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={t('peopleOrgs.clearOrganisation', { name })}
          onClick={() => onChange('')}
        >
          ×
        </button>
      </div>
    </div>
  );
}
