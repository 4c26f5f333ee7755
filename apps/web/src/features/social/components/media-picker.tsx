import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useSocialMediaList } from '../api/get-social-media.ts';

/** Chooses media from the company's library (in the order picked). */
export function MediaPicker({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const media = useSocialMediaList(useCompanyId());
  const items = media.items;
  if (media.isError || items.length === 0)
    return <p className="small text-body-secondary mb-0">{t('social.composer.noMedia')}</p>;
  return (
    <div className="d-flex flex-wrap gap-2">
      {items.map((medium) => {
        const picked = value.includes(medium.id);
        return (
          <label key={medium.id} className={`border rounded p-1 ${picked ? 'border-primary' : ''}`}>
            <input
              type="checkbox"
              className="form-check-input me-1"
              checked={picked}
              onChange={() =>
                onChange(picked ? value.filter((id) => id !== medium.id) : [...value, medium.id])
              }
            />
            <span className="small ms-1">{medium.original_name}</span>
          </label>
        );
      })}
    </div>
  );
}
