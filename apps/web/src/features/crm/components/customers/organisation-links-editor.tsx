import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganisationPicker } from './organisation-picker.tsx';

/** A person's link to an organisation as the editor holds it (the name for showing only). */
export type OrganisationLink = { id: number; name: string; role: string };

/**
 * A person's organisations: each with its role (one line, editable) and a remove button,
 * and a picker to add one (up to the contract's limit). Used by the customer form and the
 * customer page's organisations card.
 */
export function OrganisationLinksEditor({
  value,
  onChange,
  excludeId,
  disabled = false,
}: {
  value: readonly OrganisationLink[];
  onChange: (links: OrganisationLink[]) => void;
  /** The person being edited: never offered as their own organisation. */
  excludeId?: number | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const full = value.length >= CUSTOMER_LIMITS.organisationsMax;
  const setRole = (index: number, role: string) =>
    onChange(value.map((link, i) => (i === index ? { ...link, role } : link)));

  return (
    <div>
      {value.length > 0 && (
        <ul className="list-unstyled mb-3" aria-label={t('peopleOrgs.organisations')}>
          {value.map((link, index) => (
            <li key={link.id} className="d-flex flex-wrap align-items-end gap-2 mb-2">
              <span className="fw-semibold flex-grow-1 text-break">{link.name}</span>
              <div>
                <label htmlFor={`${id}-role-${link.id}`} className="form-label small mb-0">
                  {t('peopleOrgs.roleAt', { name: link.name })}
                </label>
                <input
                  id={`${id}-role-${link.id}`}
                  className="form-control form-control-sm"
                  maxLength={CUSTOMER_LIMITS.roleMax}
                  placeholder={t('peopleOrgs.rolePlaceholder')}
                  value={link.role}
                  disabled={disabled}
                  onChange={(event) => setRole(index, event.target.value)}
                />
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={disabled}
                aria-label={t('peopleOrgs.remove', { name: link.name })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                {t('peopleOrgs.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="small text-body-secondary mb-0">
          {t('peopleOrgs.full', { max: CUSTOMER_LIMITS.organisationsMax })}
        </p>
      ) : (
        <OrganisationPicker
          disabled={disabled}
          exclude={[...value.map((l) => l.id), ...(excludeId ? [excludeId] : [])]}
          onPick={(picked) => onChange([...value, { ...picked, role: '' }])}
        />
      )}
    </div>
  );
}

/** The links as a create or edit body sends them (an emptied role clears it). */
export const linksBody = (links: readonly OrganisationLink[]) =>
  links.map((l) => ({ id: l.id, role: l.role.trim() === '' ? null : l.role }));

/** The links of a loaded customer, for the editor. */
export const linksOf = (customer: { organisations: { id: number; name: string; role: string | null }[] }) =>
  customer.organisations.map((o) => ({ id: o.id, name: o.name, role: o.role ?? '' }));
