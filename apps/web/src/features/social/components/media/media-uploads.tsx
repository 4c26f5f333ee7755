import { useTranslation } from 'react-i18next';
import { formatFileSize } from './media-format.ts';
import type { MediaUploadItem } from './use-media-uploads.ts';

/** Reasons the library explains itself (the server's own message follows for the details). */
const KNOWN_REASONS = [
  'type_not_allowed',
  'too_large',
  'unreadable_image',
  'incomplete_upload',
  'required',
  'network_error',
] as const;

/** The files being sent: a real progress bar each, then the server's verdict; a failure stays until dismissed. */
export function MediaUploads({
  items,
  onCancel,
}: {
  items: MediaUploadItem[];
  onCancel: (key: number) => void;
}) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <ul className="list-unstyled mb-3" aria-label={t('socialMedia.uploads')}>
      {items.map((item) => {
        const percent =
          item.progress === null
            ? 100
            : Math.min(100, Math.round((item.progress.loaded / Math.max(item.progress.total, 1)) * 100));
        const reason =
          item.error && (KNOWN_REASONS as readonly string[]).includes(item.error.code)
            ? item.error.code
            : null;
        return (
          <li key={item.key} className="border rounded p-2 mb-2" data-testid="media-upload">
            <div className="d-flex justify-content-between align-items-center gap-2 small">
              <span className="text-truncate">
                {item.name}{' '}
                <span className="text-body-secondary">({formatFileSize(item.size, language)})</span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-link p-0"
                onClick={() => onCancel(item.key)}
                aria-label={`${item.state === 'failed' ? t('socialMedia.dismiss') : t('socialMedia.cancelUpload')}: ${item.name}`}
              >
                {item.state === 'failed' ? t('socialMedia.dismiss') : t('socialMedia.cancelUpload')}
              </button>
            </div>
            {item.state === 'failed' && item.error ? (
              <div className="alert alert-danger py-1 px-2 mt-1 mb-0 small" role="alert">
                <strong>
                  {reason
                    ? t(`socialMedia.reasons.${reason as (typeof KNOWN_REASONS)[number]}`)
                    : t('socialMedia.uploadFailed')}
                </strong>
                <div>{item.error.message}</div>
              </div>
            ) : (
              <div
                className="progress mt-1"
                role="progressbar"
                aria-label={t('socialMedia.uploading', { name: item.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={item.progress === null ? t('socialMedia.processing') : `${percent}%`}
              >
                <div
                  className={`progress-bar${item.progress === null ? ' progress-bar-striped progress-bar-animated' : ''}`}
                  style={{ width: `${percent}%` }}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
