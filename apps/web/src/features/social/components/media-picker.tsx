import type { SocialMedia } from '@kontora/contract/social-media';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useSocialMediaList } from '../api/get-social-media.ts';
import { useMediaObjectUrl } from '../api/use-media-object-url.ts';

/** Chooses media from the company's library (in the order picked), each shown by its thumbnail and name. */
export function MediaPicker({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const media = useSocialMediaList(useCompanyId());
  const items = media.items;
  if (media.isError || items.length === 0)
    return <p className="small text-body-secondary mb-0">{t('social.composer.noMedia')}</p>;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
      {items.map((medium) => (
        <PickerTile
          key={medium.id}
          medium={medium}
          picked={value.includes(medium.id)}
          onToggle={(picked) =>
            onChange(picked ? [...value, medium.id] : value.filter((id) => id !== medium.id))
          }
        />
      ))}
    </ul>
  );
}

function PickerTile({
  medium,
  picked,
  onToggle,
}: {
  medium: SocialMedia;
  picked: boolean;
  onToggle: (picked: boolean) => void;
}) {
  const { t } = useTranslation();
  const thumbnail = useMediaObjectUrl(medium.thumbnail_url);
  const id = `pick-medium-${medium.id}`;
  return (
    <li
      className={`card kt-card position-relative ${picked ? 'border-primary border-2' : ''}`}
      style={{ width: 120 }}
      data-testid="picker-medium"
    >
      <input
        id={id}
        type="checkbox"
        className="form-check-input position-absolute top-0 start-0 m-2 z-1"
        checked={picked}
        onChange={(e) => onToggle(e.target.checked)}
      />
      {/* The whole tile chooses: its picture and name are the checkbox's label. */}
      <label htmlFor={id} className="d-block small" title={medium.original_name}>
        <span className="d-block ratio ratio-1x1 bg-body-tertiary rounded-top overflow-hidden">
          {thumbnail ? (
            // The name below labels the choice; the picture adds nothing to read out.
            <img src={thumbnail} alt="" className="object-fit-cover" />
          ) : (
            <span className="d-flex align-items-center justify-content-center text-body-secondary">
              <Icon name={medium.kind === 'video' ? 'activity' : 'box'} size={28} />
            </span>
          )}
        </span>
        <span className="d-block text-truncate p-1">
          {medium.original_name}
          {medium.kind === 'video' ? (
            <span className="visually-hidden"> ({t('socialMedia.kinds.video')})</span>
          ) : null}
        </span>
      </label>
    </li>
  );
}
