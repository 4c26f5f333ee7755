import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { type Keyed, useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { fieldErrorText } from '../../../../lib/form-errors.ts';
import { loadOnce } from '../../../../lib/load-once.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText, setServerFieldErrors } from '../../../../lib/server-problems.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { MentionTextarea } from './mention-textarea.tsx';

const FIELDS = ['body'] as const;

// zod and the timeline contract load when the form is first touched, and react-hook-form not
// at all: the customer's and the deal's pages draw this form on their first load, where a form
// library cost a phone blocking time for one textarea
// (docs/decisions/087-phone-pages-load-forms-on-use.md, 092-first-loads-in-shorter-tasks.md).
const loadValidation = loadOnce(() => import('./note-validation.ts'));

/**
 * "Add note" at the top of a timeline (a customer's or a deal's): `add` sends the note (a create
 * mutation's `mutateAsync`), `labels` are the record's own words for it.
 */
export function NoteForm({
  add,
  maxLength,
  labels,
}: {
  add: (variables: Keyed<string>) => Promise<unknown>;
  maxLength: number;
  labels: { field: string; submit: string; added: string };
}) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const attempt = useCreateAttempt();
  const field = useRef<HTMLTextAreaElement | null>(null);
  const [text, setText] = useState('');
  /** The note field's validation code (the browser's check or the server's). */
  const [problem, setProblem] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const showProblem = (code: string) => {
    setProblem(code);
    field.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    setChecking(true);
    try {
      const checked = (await loadValidation()).checkNote(text);
      if ('problem' in checked) return showProblem(checked.problem);
      if (!(await attempt.create(add, checked.body))) return;
      setText('');
      setProblem(undefined);
      notify('success', labels.added);
    } catch (error) {
      setServerFieldErrors<{ body: string }>(
        error,
        (_name, { message }) => message && showProblem(message),
        FIELDS,
      );
      setAlert(problemText(t, error, FIELDS));
    } finally {
      setChecking(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadValidation().catch(() => {})}
      className="mb-2"
    >
      {alert && <FormAlert kind="danger">{alert}</FormAlert>}
      <MentionTextarea
        className="mb-2"
        label={labels.field}
        companyId={companyId}
        maxLength={maxLength}
        textareaRef={field}
        value={text}
        setText={(next) => {
          setText(next);
          // A changed text is checked again at the next send; its old problem no longer applies.
          setProblem(undefined);
        }}
        error={fieldErrorText(t, problem)}
      />
      <SubmitButton className="btn btn-primary btn-sm" busy={checking || attempt.busy}>
        {labels.submit}
      </SubmitButton>
    </form>
  );
}
