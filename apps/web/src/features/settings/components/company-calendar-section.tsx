import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { useCompanyRole } from '../../../lib/api/get-my-companies.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useUpdateCompanyCalendar } from '../api/update-company-calendar.ts';

/**
 * When the company's working day starts: the calendar's week and day views open
 * scrolled there. Owners and admins change it; others read it.
 */
export function CompanyCalendarSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const inputId = useId();
  const profile = useCompanyProfile(companyId);
  const update = useUpdateCompanyCalendar(companyId);
  const { role } = useCompanyRole(companyId);
  const canChange = Boolean(user?.is_admin) || role === 'owner' || role === 'admin';
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? profile.data?.workday_start ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ workday_start: value }, { onSuccess: () => setDraft(null) });
  };

  return (
    <SettingsSection title={t('uxNewUser.workday.title')} note={t('uxNewUser.workday.note')} className="mb-4">
      {profile.error && <FormAlert kind="danger">{errorMessage(t, profile.error)}</FormAlert>}
      {update.error && <FormAlert kind="danger">{errorMessage(t, update.error)}</FormAlert>}
      {profile.data && (
        <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={submit}>
          <div>
            <label className="form-label" htmlFor={inputId}>
              {t('uxNewUser.workday.start')}
            </label>
            <input
              id={inputId}
              className="form-control"
              type="time"
              required
              value={value}
              readOnly={!canChange}
              aria-describedby={canChange ? undefined : `${inputId}-hint`}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          {canChange && (
            <button type="submit" className="btn btn-primary" disabled={update.isPending || draft === null}>
              {t('common.save')}
            </button>
          )}
          {update.isSuccess && draft === null && (
            <span className="text-success small align-self-center" role="status">
              {t('uxNewUser.workday.saved')}
            </span>
          )}
          {!canChange && (
            <div className="form-text w-100" id={`${inputId}-hint`}>
              {t('uxNewUser.workday.adminsOnly')}
            </div>
          )}
        </form>
      )}
    </SettingsSection>
  );
}
