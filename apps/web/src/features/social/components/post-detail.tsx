import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/list-states.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useZonedFormat } from '../../../lib/use-zoned-format.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { usePost } from '../api/get-post.ts';
import { useRetryTarget } from '../api/retry-target.ts';
import { ApprovalPanel } from './approval/approval-panel.tsx';
import { historyText } from './approval/history-text.ts';
import { codeText } from './code-text.ts';
import { editability } from './post-editable.ts';
import { PostMedia } from './post-media.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A post: its text and media, schedule, the result on each account (link, reason, Retry) and its history. */
export function PostDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const post = usePost(companyId, id);
  const retry = useRetryTarget(companyId, id);
  const remove = useDeletePost(companyId);
  const [confirming, setConfirming] = useState(false);
  const timeZone = useCompanyProfile(companyId).data?.time_zone;
  const format = useZonedFormat(timeZone);
  if (post.isPending) return <PageSpinner />;
  if (post.isError) return <LoadError error={post.error} onRetry={() => void post.refetch()} />;
  const data = post.data;
  return (
    <div className="d-flex flex-column gap-3">
      <section className="card kt-card">
        <div className="card-body">
          <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
            <h2 className="h5 mb-0">{t('social.post.title')}</h2>
            <StatusBadge status={data.status} />
            {data.scheduled_at ? (
              <span className="small text-body-secondary">
                {t('social.post.scheduledFor', {
                  at: format.dateTime(data.scheduled_at),
                  zone: data.time_zone,
                })}
              </span>
            ) : null}
            {editability(data) === 'editable' ? (
              <Link
                className="btn btn-sm btn-outline-primary ms-auto"
                to={`${paths.company.socialTab.href('compose')}?edit=${data.id}`}
              >
                {t('socialEdit.edit')}
              </Link>
            ) : (
              <span className="small text-body-secondary ms-auto">
                {t(editability(data) === 'published' ? 'socialEdit.published' : 'socialEdit.busy')}
              </span>
            )}
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => setConfirming(true)}
            >
              {t('social.post.delete')}
            </button>
          </div>
          <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {data.text}
          </p>
          <PostMedia companyId={companyId} ids={data.media_ids} />
        </div>
      </section>
      <ApprovalPanel companyId={companyId} post={data} timeZone={timeZone} />
      <section className="card kt-card">
        <div className="card-body">
          <h3 className="h6">{t('social.post.results')}</h3>
          <ul className="list-group" aria-label={t('social.post.results')}>
            {data.targets.map((target) => (
              <li
                key={target.id}
                className="list-group-item d-flex flex-wrap gap-2 align-items-center"
                data-testid="post-target"
              >
                <strong>{target.account_name}</strong>
                <StatusBadge status={target.status} />
                {target.remote_url ? (
                  <a href={target.remote_url} target="_blank" rel="noreferrer">
                    {t('social.post.open')}
                  </a>
                ) : null}
                {target.status === 'failed' ? (
                  <>
                    <span className="small text-danger">
                      {codeText(
                        t,
                        `social.reasons.${target.error_code ?? 'internal'}`,
                        {},
                        'social.reasons.internal',
                      )}
                      {target.error_status
                        ? ` ${t('social.post.httpStatus', { status: target.error_status })}`
                        : ''}
                    </span>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary ms-auto"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(target.id)}
                    >
                      {t('social.post.retry')}
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {retry.error ? <p className="text-danger small mb-0 mt-2">{errorMessage(t, retry.error)}</p> : null}
        </div>
      </section>
      <section className="card kt-card">
        <div className="card-body">
          <h3 className="h6">{t('social.post.history')}</h3>
          <ol className="small mb-0">
            {data.history.map((entry) => (
              <li key={entry.id}>
                {format.dateTime(entry.created_at)}: {historyText(t, entry)}
              </li>
            ))}
          </ol>
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('social.post.deleteTitle')}
        confirmLabel={t('social.post.delete')}
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(id, { onSuccess: () => navigate(paths.company.socialTab.href('posts')) })
        }
      >
        {t('social.post.deleteText')}
      </ConfirmDialog>
    </div>
  );
}
