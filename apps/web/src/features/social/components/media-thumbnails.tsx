import { useTranslation } from 'react-i18next';

/** `src`: where the browser loads it (null: a labelled placeholder); `poster`: a video's still. */
export type PreviewMedium = {
  id: number;
  kind: 'image' | 'video';
  name: string;
  src: string | null;
  poster?: string | null;
};

const TILE = { width: 120, height: 120, objectFit: 'cover' } as const;

/**
 * A post's media as a row of tiles: an image as its thumbnail, a video as a player
 * (with its poster) or, without a file to play, as its poster; else a labelled
 * placeholder. The approval page, the composer's preview and the post page share it.
 */
export function MediaThumbnails({ media, label }: { media: PreviewMedium[]; label?: string }) {
  const { t } = useTranslation();
  if (media.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={label}>
      {media.map((m) => {
        const name = t(m.kind === 'video' ? 'socialApproval.preview.video' : 'socialApproval.preview.image', {
          name: m.name,
        });
        return (
          <li key={m.id} data-testid="post-medium">
            {m.kind === 'image' && m.src ? (
              <img src={m.src} alt={m.name} className="rounded border" style={TILE} />
            ) : m.kind === 'video' && m.src ? (
              // Only its first bytes load until played (ranges); the poster shows meanwhile.
              // biome-ignore lint/a11y/useMediaCaption: a client's own upload comes without a captions file; the networks add theirs.
              <video
                src={m.src}
                poster={m.poster ?? undefined}
                controls
                preload="metadata"
                playsInline
                aria-label={name}
                className="rounded border bg-black"
                style={{ width: 240, maxWidth: '100%', height: 240, objectFit: 'contain' }}
              />
            ) : m.kind === 'video' && m.poster ? (
              <img src={m.poster} alt={name} className="rounded border bg-black" style={TILE} />
            ) : (
              <span
                className="d-inline-flex align-items-center justify-content-center rounded border bg-body-tertiary small p-2"
                style={{ width: 120, height: 120, overflowWrap: 'anywhere' }}
              >
                {name}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
