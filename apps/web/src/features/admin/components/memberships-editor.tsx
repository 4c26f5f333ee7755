import { COMPANY_ROLES, type CompanyRole } from '@kontora/contract/limits';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { type Picked, SearchPicker } from './search-picker.tsx';

export type MembershipRow = {
  company_id: number;
  company_name: string;
  role: CompanyRole;
  inactive?: boolean;
};

type MembershipsEditorProps = {
  value: readonly MembershipRow[];
  onChange: (rows: MembershipRow[]) => void;
  /** Per-row problems from the server (`memberships.<i>.<field>` → code), already translated. */
  rowErrors?: Record<number, string>;
  disabled?: boolean;
  /** Link company names to their admin page. */
  linkCompanies?: boolean;
  /**
   * The company and role chosen in the picker but not yet added, so that a form
   * sending the rows can add it rather than silently drop it.
   */
  onPendingChange?: (row: MembershipRow | null) => void;
};

/** A person's companies with a role each: change a role, remove a row, add a company. */
export function MembershipsEditor({
  value,
  onChange,
  rowErrors = {},
  disabled,
  linkCompanies,
  onPendingChange,
}: MembershipsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [role, setRole] = useState<CompanyRole>('member');
  const roleOptions = COMPANY_ROLES.map((r) => (
    <option key={r} value={r}>
      {t(`roles.${r}`)}
    </option>
  ));

  useEffect(() => {
    onPendingChange?.(picked ? { company_id: picked.id, company_name: picked.name, role } : null);
  }, [picked, role, onPendingChange]);

  const add = () => {
    if (!picked) return;
    onChange([...value, { company_id: picked.id, company_name: picked.name, role }]);
    setPicked(null);
    setRole('member');
  };

  return (
    <fieldset disabled={disabled}>
      {value.length === 0 ? (
        <p className="text-body-secondary">{t('admin.memberships.none')}</p>
      ) : (
        <ul className="list-group mb-3">
          {value.map((row, index) => (
            <li key={row.company_id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <span className="flex-grow-1">
                {linkCompanies ? (
                  <Link to={paths.admin.company.href(row.company_id)}>{row.company_name}</Link>
                ) : (
                  row.company_name
                )}
                {row.inactive && (
                  <span className="badge text-bg-secondary ms-2">{t('admin.companies.inactive')}</span>
                )}
                {rowErrors[index] && <span className="d-block small text-danger">{rowErrors[index]}</span>}
              </span>
              <select
                className="form-select form-select-sm w-auto"
                aria-label={t('admin.memberships.roleIn', { company: row.company_name })}
                value={row.role}
                onChange={(event) =>
                  onChange(
                    value.map((r, i) =>
                      i === index ? { ...r, role: event.target.value as CompanyRole } : r,
                    ),
                  )
                }
              >
                {roleOptions}
              </select>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('admin.memberships.removeFrom', { company: row.company_name })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                {t('admin.memberships.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-6">
          <SearchPicker
            of="company"
            label={t('admin.memberships.company')}
            emptyLabel={t('admin.memberships.chooseCompany')}
            value={picked}
            onChange={setPicked}
            exclude={value.map((row) => row.company_id)}
          />
        </div>
        <div className="col-8 col-md-3">
          <label htmlFor={`${id}-role`} className="form-label">
            {t('admin.memberships.role')}
          </label>
          <select
            id={`${id}-role`}
            className="form-select"
            value={role}
            onChange={(event) => setRole(event.target.value as CompanyRole)}
          >
            {roleOptions}
          </select>
        </div>
        <div className="col-4 col-md-3">
          <button type="button" className="btn btn-outline-primary w-100" disabled={!picked} onClick={add}>
            {t('admin.memberships.add')}
          </button>
        </div>
      </div>
    </fieldset>
  );
}

/** The server's `memberships.<i>.company_id` problems, by row. */
export function membershipRowErrors(
  details: Record<string, string[]>,
  translate: (code: string) => string | undefined,
): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [path, codes] of Object.entries(details)) {
    const match = /^memberships\.(\d+)\./.exec(path);
    const text = translate(codes[0] ?? '');
    if (match && text) out[Number(match[1])] = text;
  }
  return out;
}
