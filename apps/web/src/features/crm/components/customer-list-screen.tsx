import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../../components/status-pages.tsx';

/** The top-bar search lands here with `?q=`; the list itself comes with the CRM issue. */
export function CustomerListScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = params.get('q');
  return (
    <>
      {q && (
        <p className="alert alert-info" role="status">
          {t('placeholders.searchFor', { q })}
        </p>
      )}
      <ComingSoon title={t('menu.customers')} icon="list" description={t('placeholders.customers')} />
    </>
  );
}
