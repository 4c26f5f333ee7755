import type { SocialPostDetail } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useZonedFormat } from '../../../../lib/use-zoned-format.ts';
import { useRequestApproval } from '../../api/request-approval.ts';

/**
 * On a post's page: where its approval stands (the client's answer arrives
 * through the change feed, so it shows without reloading), and for a draft
 * "Send for approval", which shows the new link once to copy and send.
 */
export function ApprovalPanel({
  companyId,
  post,
  timeZone,
}: {
  companyId: number;
  post: SocialPostDetail;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation();
  const format = useZonedFormat(timeZone);
  const request = useRequestApproval(companyId, post.id);
  // Asking again replaces the pending link: a double click must not make the link just shown stale.
  const attempt = useCreateAttempt();
  const approval = post.approval;
  const link = request.data;
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    notify('success', t('socialApproval.panel.copied'));
  };
  const state =
    approval && !link ? (
      <div
        className={`alert mb-0 ${approval.status === 'changes_requested' ? 'alert-warning' : approval.status === 'approved' ? 'alert-success' : 'alert-info'}`}
        role="status"
        data-testid="approval-state"
      >
        {t(`socialApproval.panel.state.${approval.status}`, {
          at: format.dateTime(approval.decided_at ?? approval.expires_at),
        })}
        {approval.comment ? (
          <blockquote className="mb-0 mt-2 fst-italic">“{approval.comment}”</blockquote>
        ) : null}
      </div>
    ) : null;
  if (post.status !== 'draft' && !state) return null;
  return (
    <section className="card kt-card">
      <div className="card-body d-flex flex-column gap-2">
        <h3 className="h6 mb-0">{t('socialApproval.panel.title')}</h3>
        {state}
        {link ? (
          <div className="d-flex flex-column gap-1">
            <label className="form-label mb-0 small" htmlFor="approval-link">
              {t('socialApproval.panel.link', { at: format.dateTime(link.expires_at) })}
            </label>
            <div className="input-group">
              <input id="approval-link" className="form-control" readOnly value={link.approval_url} />
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => void copy(link.approval_url)}
              >
                {t('socialApproval.panel.copy')}
              </button>
            </div>
          </div>
        ) : null}
        {post.status === 'draft' ? (
          <div>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={attempt.busy}
              aria-busy={attempt.busy}
              // A failure shows through `request.error` below.
              onClick={() => void attempt.send(null, () => request.mutateAsync()).catch(() => undefined)}
            >
              {t(
                approval?.status === 'pending' || link
                  ? 'socialApproval.panel.again'
                  : 'socialApproval.panel.send',
              )}
            </button>
          </div>
        ) : null}
        {request.error ? <p className="text-danger small mb-0">{errorMessage(t, request.error)}</p> : null}
      </div>
    </section>
  );
}
