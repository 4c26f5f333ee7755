import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The CRM's CSV import and export, reachable from here too (they live on the customer list). */
export function ImportExportSection() {
  const { t } = useTranslation();
  return (
    <div className="row g-3">
      <section className="col-12 col-md-6">
        <div className="card kt-card h-100">
          <div className="card-body">
            <h2 className="h6">{t('integration.csv.importTitle')}</h2>
            <p>{t('integration.csv.importText')}</p>
            <Link className="btn btn-outline-primary" to={`${paths.company.customers.href()}?import=1`}>
              {t('integration.csv.importAction')}
            </Link>
          </div>
        </div>
      </section>
      <section className="col-12 col-md-6">
        <div className="card kt-card h-100">
          <div className="card-body">
            <h2 className="h6">{t('integration.csv.exportTitle')}</h2>
            <p>{t('integration.csv.exportText')}</p>
            <Link className="btn btn-outline-primary" to={paths.company.customers.href()}>
              {t('integration.csv.exportAction')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
