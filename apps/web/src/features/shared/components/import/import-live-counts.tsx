import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { useLiveJob } from '../../live/live-store.ts';

/**
 * What the server has done with the file so far, as the run's live progress tells it
 * (decision 085): rows read, valid and refused, and (an import) saved. Shown under the
 * upload bar while a check or an import runs; nothing until the first count arrives (no
 * live connection: the upload bar and then the report alone).
 */
export function ImportLiveCounts({ progressKey }: { progressKey: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const counts = useLiveJob(`import-${progressKey}`)?.import;
  if (!counts) return null;
  const numbers = {
    read: format.number(counts.read),
    valid: format.number(counts.valid),
    invalid: format.number(counts.invalid),
    saved: format.number(counts.saved),
  };
  return (
    <p className="small mb-0" role="status" data-testid="import-live-counts">
      <span className="fw-semibold">{t(`crm.import.live.${counts.phase}`)}</span>{' '}
      {counts.dry_run
        ? t('crm.import.live.checkCounts', numbers)
        : t('crm.import.live.importCounts', numbers)}
    </p>
  );
}
