import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The lists whose records import from and export to CSV; each list holds its wizard and its export. */
const KINDS = [
  { kind: 'customers', href: paths.company.customers.href },
  { kind: 'deals', href: paths.company.dealList.href },
  { kind: 'todos', href: paths.company.events.href },
] as const;

/** The CRM's CSV import and export, reachable from here too (they live on the lists). */
export function ImportExportSection() {
  const { t } = useTranslation();
  return (
    <div className="row g-3">
      <section className="col-12 col-md-6">
        <div className="card kt-card h-100">
          <div className="card-body">
            <h2 className="h6">{t('integration.csv.importTitle')}</h2>
            <p>{t('integration.csv.importText')}</p>
            <div className="d-flex flex-wrap gap-2">
              {KINDS.map(({ kind, href }) => (
                <Link key={kind} className="btn btn-outline-primary" to={`${href()}?import=1`}>
                  {t(`integration.csv.import.${kind}`)}
                </Link>
              ))}
            </div>
          </div>
        </div>
      </section>
      <section className="col-12 col-md-6">
        <div className="card kt-card h-100">
          <div className="card-body">
            <h2 className="h6">{t('integration.csv.exportTitle')}</h2>
            <p>{t('integration.csv.exportText')}</p>
            <div className="d-flex flex-wrap gap-2">
              {KINDS.map(({ kind, href }) => (
                <Link key={kind} className="btn btn-outline-primary" to={href()}>
                  {t(`integration.csv.export.${kind}`)}
                </Link>
              ))}
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
