import type { AdminCompany } from '@kontora/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { useUpdateCompany } from '../api/update-company.ts';

/** Active or deactivated; deactivating (members lose access, data kept) asks first. */
export function CompanyStatusCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const [confirming, setConfirming] = useState(false);

  const setActive = async (is_active: boolean) => {
    try {
      await update.mutateAsync({ is_active });
      setConfirming(false);
      notify('success', is_active ? t('admin.company.reactivated') : t('admin.company.deactivated'));
    } catch {
      // Shown from update.error.
    }
  };

  const problem = problemText(t, update.error);
  return (
    <section className="card kt-card mb-4" aria-labelledby="company-status">
      <div className="card-body">
        <h2 className="h5 mb-2" id="company-status">
          {t('admin.common.status')}{' '}
          <span
            className={`badge align-middle ${company.is_active ? 'text-bg-success' : 'text-bg-secondary'}`}
          >
            {company.is_active ? t('admin.companies.active') : t('admin.companies.inactive')}
          </span>
        </h2>
        <p className="text-body-secondary">
          {company.is_active ? t('admin.company.activeText') : t('admin.company.inactiveText')}
        </p>
        {problem && !confirming && <FormAlert kind="danger">{problem}</FormAlert>}
        {company.is_active ? (
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => {
              update.reset();
              setConfirming(true);
            }}
          >
            {t('admin.company.deactivate')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={update.isPending}
            onClick={() => void setActive(true)}
          >
            {t('admin.company.reactivate')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('admin.company.deactivateTitle', { name: company.name })}
        confirmLabel={t('admin.company.deactivate')}
        danger
        busy={update.isPending}
        error={confirming ? problem : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void setActive(false)}
      >
        <p className="mb-0">{t('admin.company.deactivateText')}</p>
      </ConfirmDialog>
    </section>
  );
}
