import type { SocialMedia } from '@kontora/contract/social-media';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/icon.tsx';
import { useMediaObjectUrl } from '../../api/use-media-object-url.ts';
import { formatDuration, formatFileSize } from './media-format.ts';

/** One medium in the grid: its thumbnail (or a video mark), type, size, dimensions or length, and Delete. */
export function MediaCard({
  media,
  onDelete,
}: {
  media: SocialMedia;
  onDelete: (media: SocialMedia) => void;
}) {
  const { t, i18n } = useTranslation();
  const thumbnail = useMediaObjectUrl(media.thumbnail_url);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const facts = [
    media.mime.replace(/^(image|video)\//, '').toUpperCase(),
    formatFileSize(media.size, language),
    media.width && media.height ? `${media.width} × ${media.height}` : null,
    media.duration !== null ? formatDuration(media.duration) : null,
  ].filter(Boolean);
  return (
    <li className="col" data-testid="media-item">
      <figure className="card kt-card h-100 mb-0">
        <div className="ratio ratio-1x1 bg-body-tertiary rounded-top overflow-hidden">
          {thumbnail ? (
            <img src={thumbnail} alt={media.original_name} className="object-fit-cover" />
          ) : (
            <div className="d-flex align-items-center justify-content-center text-body-secondary">
              <Icon name={media.kind === 'video' ? 'activity' : 'box'} size={32} />
              <span className="visually-hidden">{t(`socialMedia.kinds.${media.kind}`)}</span>
            </div>
          )}
        </div>
        <figcaption className="card-body p-2 small">
          <div className="text-truncate fw-semibold" title={media.original_name}>
            {media.original_name}
          </div>
          <div className="text-body-secondary">
            <span className="badge text-bg-light me-1">{t(`socialMedia.kinds.${media.kind}`)}</span>
            {facts.join(' · ')}
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger mt-2"
            onClick={() => onDelete(media)}
            aria-label={t('socialMedia.deleteNamed', { name: media.original_name })}
          >
            {t('socialMedia.delete')}
          </button>
        </figcaption>
      </figure>
    </li>
  );
}
