import type { MediaKind, SocialMedia } from '@kontora/contract/social-media';
import type { TFunction } from 'i18next';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { ListStates } from '../../../shared/components/list-states/list-states.tsx';
import { useDeleteSocialMedia } from '../../api/delete-social-media.ts';
import { useSocialMediaList } from '../../api/get-social-media.ts';
import { MediaCard } from './media-card.tsx';
import { MediaUploads } from './media-uploads.tsx';
import { useMediaUploads } from './use-media-uploads.ts';

const FILTERS = [undefined, 'image', 'video'] as const;

/** A refusal because a post still uses the medium names that post (the server's message carries its name). */
function deleteError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status === 409 && error.details.post_id) {
    return `${t('socialMedia.inUse')} ${error.message}`;
  }
  return errorMessage(t, error);
}

/**
 * The company's media library: upload (button or drop, several files, each
 * with its own progress bar and the server's reason when refused), a grid of
 * thumbnails with type, size and dimensions or length, a kind filter, and
 * delete after confirmation.
 */
export function MediaLibrary() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const inputId = useId();
  const [kind, setKind] = useState<MediaKind | undefined>(undefined);
  const list = useSocialMediaList(companyId, kind);
  const uploads = useMediaUploads(companyId);
  const remove = useDeleteSocialMedia(companyId);
  const [toDelete, setToDelete] = useState<SocialMedia | null>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) uploads.add(event.dataTransfer.files);
  };

  return (
    // Dropping files anywhere on the library is a mouse shortcut; the file input is the accessible way.
    <section
      aria-labelledby={`${inputId}-title`}
      className={`border border-2 rounded p-2 ${dragging ? 'border-primary bg-primary-subtle' : 'border-light-subtle'}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="media-library"
    >
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id={`${inputId}-title`} className="h5 mb-0">
          {t('socialMedia.title')}
        </h2>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <fieldset className="btn-group btn-group-sm border-0 m-0 p-0" aria-label={t('socialMedia.filter')}>
            {FILTERS.map((value) => (
              <button
                key={value ?? 'all'}
                type="button"
                className={`btn ${kind === value ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={kind === value}
                onClick={() => setKind(value)}
              >
                {t(`socialMedia.filters.${value ?? 'all'}`)}
              </button>
            ))}
          </fieldset>
          <label htmlFor={inputId} className="btn btn-primary btn-sm mb-0">
            {t('socialMedia.upload')}
          </label>
          <input
            id={inputId}
            type="file"
            className="visually-hidden"
            multiple
            accept="image/*,video/*"
            onChange={(event) => {
              if (event.target.files?.length) uploads.add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
      </div>
      <p className="small text-body-secondary">{t('socialMedia.dropHint')}</p>
      <MediaUploads items={uploads.items} onCancel={uploads.cancel} />
      <ListStates
        query={list}
        isEmpty={list.items.length === 0}
        icon="box"
        emptyTitle={t('socialMedia.emptyTitle')}
        emptyText={t('socialMedia.emptyText')}
        skeleton="tiles"
      >
        <ul className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-3 mb-3">
          {list.items.map((media) => (
            <MediaCard key={media.id} media={media} onDelete={setToDelete} />
          ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('socialMedia.loadMore')}
          </button>
        )}
      </ListStates>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('socialMedia.deleteTitle')}
        confirmLabel={t('socialMedia.delete')}
        danger
        busy={remove.isPending}
        error={remove.error ? deleteError(t, remove.error) : null}
        onCancel={() => {
          setToDelete(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
        }}
      >
        {t('socialMedia.deleteText', { name: toDelete?.original_name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
