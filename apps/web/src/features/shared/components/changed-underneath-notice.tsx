import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastChange, type VersionedRecord } from '../live/live-store.ts';

/**
 * In an open edit form (a customer, a to-do): someone else saved this record
 * since the form took its version, as a live update with a newer version says.
 * The person may reload (fields they have not touched follow, what they typed
 * stays) or keep editing; a save then meets the 409 and its recovery, as
 * before live updates. Only a newer version counts: notes, reminders and
 * deletions leave the version where it was, and a reload that took the newer
 * version in hides the notice.
 */
export function ChangedUnderneathNotice({
  record,
  id,
  baseVersion,
  reloading,
  onReload,
}: {
  record: VersionedRecord;
  id: number;
  baseVersion: number;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const change = useLastChange(record, id);
  const [keptOver, setKeptOver] = useState<number | null>(null);
  const version = change?.version ?? 0;
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
