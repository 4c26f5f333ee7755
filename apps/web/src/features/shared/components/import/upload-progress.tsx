import { useTranslation } from 'react-i18next';
import type { UploadProgress } from './import-request.ts';

/**
 * The upload as a Bootstrap progress bar: a percentage while the file is being
 * sent, then (the server reads and checks every row before it answers) an
 * indeterminate "processing" bar with no value.
 */
export function UploadProgressBar({ progress, label }: { progress: UploadProgress; label: string }) {
  const { t } = useTranslation();
  const percent =
    progress === null
      ? null
      : Math.min(100, Math.round((progress.loaded / Math.max(progress.total, 1)) * 100));
  return (
    <div className="my-3">
      <div className="d-flex justify-content-between small mb-1">
        <span>{label}</span>
        <span aria-hidden="true">{percent === null ? t('crm.import.processing') : `${percent}%`}</span>
      </div>
      {percent === null ? (
        <div
          className="progress"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={t('crm.import.processing')}
          aria-busy="true"
        >
          <div className="progress-bar progress-bar-striped progress-bar-animated w-100" />
        </div>
      ) : (
        <div
          className="progress"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
