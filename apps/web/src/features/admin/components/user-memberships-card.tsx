import type { AdminUser } from '@kontora/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText, reasonText } from '../../../lib/server-problems.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { type MembershipRow, MembershipsEditor, membershipRowErrors } from './memberships-editor.tsx';

const rowsOf = (user: AdminUser): MembershipRow[] =>
  user.memberships.map((m) => ({
    company_id: m.company_id,
    company_name: m.company_name,
    role: m.role,
    inactive: !m.company_is_active,
  }));

const sameRows = (a: readonly MembershipRow[], b: readonly MembershipRow[]) =>
  a.length === b.length &&
  a.every((row, i) => row.company_id === b[i]?.company_id && row.role === b[i]?.role);

/** The person's companies and roles; saving replaces them all (the last owner of a company stays: 409). */
export function UserMembershipsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const saved = rowsOf(user);
  const [rows, setRows] = useState<MembershipRow[]>(saved);
  const update = useUpdateUser(user.id);
  const changed = !sameRows(rows, saved);

  const onSave = async () => {
    try {
      const result = await update.mutateAsync({
        memberships: rows.map(({ company_id, role }) => ({ company_id, role })),
      });
      setRows(rowsOf(result));
      notify('success', t('admin.memberships.saved'));
    } catch {
      // Shown below from update.error.
    }
  };

  const rowErrors = isApiError(update.error)
    ? membershipRowErrors(update.error.details, (code) => reasonText(t, code))
    : {};
  const problem = problemText(t, update.error, ['company_id']);
  return (
    <section className="card kt-card mb-4" aria-labelledby="user-memberships">
      <div className="card-body">
        <h2 className="h5 mb-1" id="user-memberships">
          {t('admin.memberships.title')}
        </h2>
        <p className="text-body-secondary small">{t('admin.memberships.intro')}</p>
        {problem && <FormAlert kind="danger">{problem}</FormAlert>}
        <MembershipsEditor
          value={rows}
          onChange={setRows}
          rowErrors={rowErrors}
          disabled={update.isPending}
          linkCompanies
        />
        <div className="d-flex gap-2 mt-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!changed || update.isPending}
            aria-busy={update.isPending}
            onClick={() => void onSave()}
          >
            {update.isPending ? t('common.saving') : t('admin.memberships.save')}
          </button>
          {changed && (
            <button type="button" className="btn btn-outline-secondary" onClick={() => setRows(saved)}>
              {t('admin.common.reset')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
