import type { ApprovalOutcome, ApprovalPreview } from '@kontora/contract/social-approval';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../../components/page-header.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useZonedFormat } from '../../../../lib/use-zoned-format.ts';
import { useAnswerApproval } from '../../api/answer-approval.ts';
import { approvalPath, useApproval } from '../../api/get-approval.ts';
import { useIntegrationTypes } from '../../api/get-integration-types.ts';
import { NetworkPreview } from '../network-preview.tsx';
import { ChangeRequestForm } from './change-request-form.tsx';

/**
 * `#/approve/:token`, the link an author sends a client: no sign-in. Shows the
 * post as each chosen network will carry it; the client approves or asks for
 * changes with a comment. A link that is unknown, used, replaced or expired
 * says so (the server decides; this page only shows its answer).
 */
export function ApprovalScreen() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const preview = useApproval(token);
  const [outcome, setOutcome] = useState<ApprovalOutcome | null>(null);
  useDocumentTitle(t('socialApproval.title'));
  if (preview.isPending) return <PageSpinner />;
  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h4 mb-0">{t('socialApproval.title')}</h1>
      {outcome ? (
        <Outcome outcome={outcome} timeZone={preview.data?.time_zone} />
      ) : preview.isError ? (
        <FormAlert kind="danger">{errorMessage(t, preview.error)}</FormAlert>
      ) : (
        <PendingPost token={token} post={preview.data} onAnswered={setOutcome} />
      )}
    </div>
  );
}

function Outcome({ outcome, timeZone }: { outcome: ApprovalOutcome; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const format = useZonedFormat(timeZone);
  if (outcome.status === 'changes_requested')
    return <FormAlert kind="success">{t('socialApproval.done.changes')}</FormAlert>;
  return (
    <FormAlert kind="success">
      {outcome.scheduled_at
        ? t('socialApproval.done.scheduled', { at: format.dateTime(outcome.scheduled_at) })
        : t('socialApproval.done.now')}
    </FormAlert>
  );
}

function PendingPost({
  token,
  post,
  onAnswered,
}: {
  token: string;
  post: ApprovalPreview;
  onAnswered: (outcome: ApprovalOutcome) => void;
}) {
  const { t } = useTranslation();
  const format = useZonedFormat(post.time_zone);
  const types = useIntegrationTypes();
  const answer = useAnswerApproval(token);
  const [asking, setAsking] = useState(false);
  const nameOf = (key: string) => types.data?.find((n) => n.key === key)?.name ?? key;
  // The link's token authorises each medium of this post: the thumbnail, and a video's file for the player.
  const mediaUrl = (id: number) => `/api${approvalPath(token)}/media/${id}`;
  const media = post.media.map((m) => ({
    ...m,
    src: m.kind === 'image' ? mediaUrl(m.id) : `${mediaUrl(m.id)}?variant=original`,
    poster: m.kind === 'video' && m.thumbnail ? mediaUrl(m.id) : null,
  }));
  return (
    <>
      <p className="mb-0">{t('socialApproval.intro', { company: post.company_name })}</p>
      <p className="mb-0 fw-semibold">
        {post.scheduled_at
          ? t('socialApproval.when', { at: format.dateTime(post.scheduled_at), zone: post.time_zone })
          : t('socialApproval.whenNow')}
      </p>
      <section className="d-flex flex-column gap-2" aria-label={t('socialApproval.previews')}>
        {post.targets.map((target) => (
          <NetworkPreview
            key={`${target.network}-${target.account_name}`}
            network={target.network}
            networkName={nameOf(target.network)}
            accountName={target.account_name}
            text={target.text}
            media={media}
          />
        ))}
      </section>
      {answer.error ? <FormAlert kind="danger">{errorMessage(t, answer.error)}</FormAlert> : null}
      {asking ? (
        <ChangeRequestForm
          busy={answer.isPending}
          onCancel={() => setAsking(false)}
          onSend={(comment) => answer.mutate({ kind: 'request-changes', comment }, { onSuccess: onAnswered })}
          problems={answer.error}
        />
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-success"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ kind: 'approve' }, { onSuccess: onAnswered })}
          >
            {t('socialApproval.approve')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setAsking(true)}>
            {t('socialApproval.askChanges')}
          </button>
        </div>
      )}
      <p className="small text-body-secondary mb-0">
        {t('socialApproval.expires', { at: format.dateTime(post.expires_at) })}
      </p>
    </>
  );
}
