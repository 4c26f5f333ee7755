import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where a network folds a long text behind "… more" in the feed (characters, as
 * their apps show it); X and the video networks show the whole caption.
 */
const FOLD_AT: Partial<Record<string, number>> = { instagram: 125, linkedin: 210, facebook: 480 };

/** `src`: where the browser loads it (null: a labelled placeholder); `poster`: a video's still. */
export type PreviewMedium = {
  id: number;
  kind: 'image' | 'video';
  name: string;
  src: string | null;
  poster?: string | null;
};

/**
 * A post as one network will show it: the account, the text that network
 * carries (its override or the common text), folded where the network folds it,
 * and the media. Used by the composer and by the client's approval page.
 */
export function NetworkPreview({
  network,
  networkName,
  accountName,
  text,
  media,
}: {
  network: string;
  networkName: string;
  accountName: string;
  text: string;
  media: PreviewMedium[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fold = FOLD_AT[network];
  const chars = [...text];
  const folded = fold !== undefined && chars.length > fold && !open;
  return (
    <article
      className="card kt-card kt-network-preview"
      data-network={network}
      aria-label={t('socialApproval.preview.label', { network: networkName, account: accountName })}
    >
      <div className="card-body">
        <header className="d-flex align-items-center gap-2 mb-2">
          <span className="badge text-bg-secondary">{networkName}</span>
          <strong className="text-truncate">{accountName}</strong>
        </header>
        <p className="mb-2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {folded ? `${chars.slice(0, fold).join('')}… ` : text}
          {folded ? (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => setOpen(true)}
            >
              {t('socialApproval.preview.more')}
            </button>
          ) : null}
        </p>
        {media.length > 0 ? (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {media.map((m) => (
              <li key={m.id}>
                {m.kind === 'image' && m.src ? (
                  <img
                    src={m.src}
                    alt={m.name}
                    className="rounded border"
                    style={{ width: 120, height: 120, objectFit: 'cover' }}
                  />
                ) : m.kind === 'video' && m.src ? (
                  // Only its first bytes load until played (ranges); the poster shows meanwhile.
                  // biome-ignore lint/a11y/useMediaCaption: a client's own upload comes without a captions file; the networks add theirs.
                  <video
                    src={m.src}
                    poster={m.poster ?? undefined}
                    controls
                    preload="metadata"
                    playsInline
                    aria-label={t('socialApproval.preview.video', { name: m.name })}
                    className="rounded border bg-black"
                    style={{ width: 240, maxWidth: '100%', height: 240, objectFit: 'contain' }}
                  />
                ) : (
                  <span
                    className="d-inline-flex align-items-center justify-content-center rounded border bg-body-tertiary small p-2"
                    style={{ width: 120, height: 120 }}
                  >
                    {t(m.kind === 'video' ? 'socialApproval.preview.video' : 'socialApproval.preview.image', {
                      name: m.name,
                    })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
