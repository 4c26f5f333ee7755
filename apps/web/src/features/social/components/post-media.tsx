import { useTranslation } from 'react-i18next';
import { usePostMedia } from '../api/get-post-media.ts';
import { useMediaObjectUrls } from '../api/use-media-object-url.ts';
import { MediaThumbnails } from './media-thumbnails.tsx';

/**
 * The media a post carries, as the approval page shows them: images by their
 * thumbnail, videos by their poster (the files need the bearer token, so they
 * come in as `blob:` URLs rather than as addresses).
 */
export function PostMedia({ companyId, ids }: { companyId: number; ids: number[] }) {
  const { t } = useTranslation();
  const media = usePostMedia(companyId, ids);
  const thumbnails = useMediaObjectUrls(media.map((m) => m.thumbnail_url));
  if (ids.length === 0) return null;
  const tiles = media.map((m, i) => {
    const thumbnail = thumbnails[i] ?? null;
    return m.kind === 'image'
      ? { id: m.id, kind: m.kind, name: m.original_name, src: thumbnail }
      : { id: m.id, kind: m.kind, name: m.original_name, src: null, poster: thumbnail };
  });
  return (
    <div className="mt-3">
      <h3 className="h6">{t('social.post.media')}</h3>
      <MediaThumbnails media={tiles} label={t('social.post.media')} />
    </div>
  );
}
