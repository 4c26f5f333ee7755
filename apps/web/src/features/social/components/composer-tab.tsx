import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/list-states.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { usePost } from '../api/get-post.ts';
import { ComposerForm } from './composer-form.tsx';
import { editability } from './post-editable.ts';

/** The Compose tab: a new post, or (`?edit=<id>`) a saved one that has not gone out yet. */
export function ComposerTab() {
  const [search] = useSearchParams();
  const editId = Number(search.get('edit'));
  return Number.isSafeInteger(editId) && editId > 0 ? <EditPost id={editId} /> : <ComposerForm />;
}

function EditPost({ id }: { id: number }) {
  const { t } = useTranslation();
  const post = usePost(useCompanyId(), id);
  const [stale, setStale] = useState(false);
  if (post.isPending) return <PageSpinner />;
  if (post.isError) return <LoadError error={post.error} onRetry={() => void post.refetch()} />;
  const state = editability(post.data);
  if (state !== 'editable')
    return (
      <div className="alert alert-warning" role="alert">
        {t(state === 'published' ? 'socialEdit.published' : 'socialEdit.busy')}
      </div>
    );
  // Keyed by version: a post changed elsewhere opens afresh rather than mixing two versions.
  return (
    <>
      {stale ? (
        <div className="alert alert-warning" role="alert">
          {t('socialEdit.stale')}
        </div>
      ) : null}
      <ComposerForm key={post.data.version} post={post.data} onStale={() => setStale(true)} />
    </>
  );
}
