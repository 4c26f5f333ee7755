import type { AdminCompany } from '@kontora/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { useSetCompanyModules } from '../api/set-company-modules.ts';
import { ModuleCheckboxes } from './module-checkboxes.tsx';

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The enabled modules (ids 0–3); saved together with PUT …/modules. */
export function CompanyModulesCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation();
  const saved = company.modules.map((m) => m.id).sort((a, b) => a - b);
  const [modules, setModules] = useState<number[]>(saved);
  const save = useSetCompanyModules(company.id);
  const changed = !sameIds(modules, saved);

  const onSave = async () => {
    try {
      const result = await save.mutateAsync(modules);
      setModules(result.modules.map((m) => m.id).sort((a, b) => a - b));
      notify('success', t('admin.company.modulesSaved'));
    } catch {
      // Shown from save.error.
    }
  };

  const problem = problemText(t, save.error);
  return (
    <section className="card kt-card mb-4" aria-labelledby="company-modules">
      <div className="card-body">
        <h2 className="h5 mb-1" id="company-modules">
          {t('admin.company.modules')}
        </h2>
        <p className="text-body-secondary small">{t('admin.company.modulesIntro')}</p>
        {problem && <FormAlert kind="danger">{problem}</FormAlert>}
        <ModuleCheckboxes
          value={modules}
          onChange={setModules}
          legend={t('admin.company.modulesLegend')}
          disabled={save.isPending}
        />
        <button
          type="button"
          className="btn btn-primary mt-3"
          disabled={!changed || save.isPending}
          aria-busy={save.isPending}
          onClick={() => void onSave()}
        >
          {save.isPending ? t('common.saving') : t('admin.company.saveModules')}
        </button>
      </div>
    </section>
  );
}
