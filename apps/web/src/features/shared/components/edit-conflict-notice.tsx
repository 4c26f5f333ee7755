import type { VersionedRecord } from '../live/live-store.ts';
import { ChangedUnderneathNotice } from './changed-underneath-notice.tsx';
import { StaleUpdateNotice } from './stale-update-notice.tsx';

/**
 * The notice above an edit form: after a save refused over a newer version, reload keeping what
 * was typed; otherwise, a live change of someone else to the same record is named.
 */
export function EditConflictNotice({
  stale,
  reloadLabel,
  ...record
}: {
  stale: boolean;
  reloadLabel: string;
  record: VersionedRecord;
  id: number;
  baseVersion: number;
  reloading: boolean;
  onReload: () => void;
}) {
  return stale ? (
    <StaleUpdateNotice reloadLabel={reloadLabel} reloading={record.reloading} onReload={record.onReload} />
  ) : (
    <ChangedUnderneathNotice {...record} />
  );
}
