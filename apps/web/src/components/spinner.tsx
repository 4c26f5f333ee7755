import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or first data loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="kt-page-spinner" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** Before translations exist there is nothing to say, so only the animation shows. */
export function BootSpinner() {
  return (
    <div className="kt-page-spinner" aria-busy="true">
      <span className="spinner-border text-primary" aria-hidden="true" />
    </div>
  );
}
