import { APPROVAL_LIMITS } from '@kontora/contract/social-approval';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client.ts';
import { codeText } from '../code-text.ts';

/** The client's comment: what should change before the post goes out. */
export function ChangeRequestForm({
  busy,
  problems,
  onSend,
  onCancel,
}: {
  busy: boolean;
  problems: unknown;
  onSend: (comment: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [empty, setEmpty] = useState(false);
  const serverSays = isApiError(problems) ? problems.details.comment?.[0] : undefined;
  const error = empty ? 'required' : serverSays;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return setEmpty(true);
    onSend(comment.trim());
  };
  return (
    <form className="d-flex flex-column gap-2" onSubmit={submit} noValidate>
      <label className="form-label mb-0" htmlFor="approval-comment">
        {t('socialApproval.comment')}
      </label>
      <textarea
        id="approval-comment"
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={APPROVAL_LIMITS.commentMax}
        value={comment}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'approval-comment-error' : undefined}
        onChange={(e) => {
          setComment(e.target.value);
          setEmpty(false);
        }}
      />
      {error ? (
        <div id="approval-comment-error" className="invalid-feedback d-block">
          {codeText(t, `validation.${error}`, {}, 'validation.invalid')}
        </div>
      ) : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('socialApproval.sendChanges')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('socialApproval.cancel')}
        </button>
      </div>
    </form>
  );
}
