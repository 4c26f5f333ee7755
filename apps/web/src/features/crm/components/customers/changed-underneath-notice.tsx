import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastChange } from '../../../shared/live/live-store.ts';

/**
 * In an open edit form: someone else saved this customer since the form
 * opened (a live update with a newer version). The person may reload (fields
 * they have not touched follow, what they typed stays) or keep editing; a
 * save then meets the 409 and its recovery, as before live updates.
 */
export function ChangedUnderneathNotice({
  customerId,
  baseVersion,
  reloading,
  onReload,
}: {
  customerId: number;
  baseVersion: number;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const change = useLastChange('customer', customerId);
  const [keptOver, setKeptOver] = useState<number | null>(null);
  const version = change?.type === 'customer.updated' ? (change.version ?? 0) : 0;
  if (!change || version <= baseVersion || version === keptOver) return null;
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>{t('live.changedBy', { name: change.actor_name ?? t('live.someone') })}</span>
      <button type="button" className="btn btn-sm btn-info" disabled={reloading} onClick={onReload}>
        {t('live.reload')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setKeptOver(version)}>
        {t('live.keepEditing')}
      </button>
    </div>
  );
}
