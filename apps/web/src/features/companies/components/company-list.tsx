import { MODULES } from '@kontora/contract/limits';
import type { MyCompany } from '@kontora/contract/me';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';

type Props = {
  items: MyCompany[];
  currentId: number | null;
  onChoose: (company: MyCompany) => void;
};

export function CompanyList({ items, currentId, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="list-group kt-card kt-company-list">
      {items.map((company) => {
        const isCurrent = company.id === currentId;
        return (
          <li key={company.id} className="list-group-item p-0">
            <button
              type="button"
              className="btn w-100 text-start d-flex flex-wrap align-items-center gap-3 px-3 py-3 kt-company-choice"
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => onChoose(company)}
            >
              <span className="kt-empty-icon flex-shrink-0" aria-hidden="true">
                <Icon name="briefcase" />
              </span>
              <span className="flex-grow-1">
                <span className="d-block fw-semibold">{company.name}</span>
                <span className="d-flex flex-wrap gap-1 mt-1">
                  {MODULES.filter((module) => company.modules.includes(module.id)).map((module) => (
                    <span key={module.id} className="badge rounded-pill text-bg-light border">
                      {t(`modules.${module.key}`)}
                    </span>
                  ))}
                </span>
              </span>
              <span className="d-flex flex-column align-items-end gap-1">
                <span className="badge text-bg-secondary">
                  {company.role ? t(`roles.${company.role}`) : t('roles.superuser')}
                </span>
                {isCurrent && <span className="badge text-bg-primary">{t('companies.current')}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
