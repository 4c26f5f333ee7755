import { useTranslation } from 'react-i18next';
import type { ImportStep } from './use-import-flow.ts';

const STEPS = ['file', 'mapping', 'check', 'import'] as const;

/** Where the wizard is: the steps in order, the current one marked (`aria-current="step"`). */
export function WizardSteps({ current }: { current: ImportStep | 'import' }) {
  const { t } = useTranslation();
  // The report belongs to the last step: the import and its outcome.
  const at = STEPS.indexOf(current === 'report' ? 'import' : current);
  return (
    // Plain utilities rather than .nav-pills: those compile Bootstrap's default blue, not the theme's primary.
    <ol className="d-flex gap-1 list-unstyled small mb-3 p-0" aria-label={t('crm.import.stepsLabel')}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          className={`flex-fill text-center rounded py-1 px-2 ${
            index === at ? 'bg-primary text-white' : index < at ? 'text-body' : 'text-body-secondary'
          }`}
          aria-current={index === at ? 'step' : undefined}
        >
          {index + 1}. {t(`crm.import.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}
