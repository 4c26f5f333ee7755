import { useTranslation } from 'react-i18next';

/**
 * In an edit form whose save was refused (409 `stale_update`): someone saved the record
 * meanwhile. Reloading takes the latest as the base and keeps what was typed.
 */
export function StaleUpdateNotice({
  reloadLabel,
  reloading,
  onReload,
}: {
  reloadLabel: string;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>{t('errors.stale_update')}</span>
      <button type="button" className="btn btn-sm btn-warning" disabled={reloading} onClick={onReload}>
        {reloadLabel}
      </button>
    </div>
  );
}
