import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaThumbnails, type PreviewMedium } from './media-thumbnails.tsx';

/**
 * Where a network folds a long text behind "… more" in the feed (characters, as
 * their apps show it); X and the video networks show the whole caption.
 */
const FOLD_AT: Partial<Record<string, number>> = { instagram: 125, linkedin: 210, facebook: 480 };

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
        <MediaThumbnails media={media} />
      </div>
    </article>
  );
}
