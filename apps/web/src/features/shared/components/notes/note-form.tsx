import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { type Keyed, useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { fieldErrorText } from '../../../../lib/form-errors.ts';
import { lazyResolver } from '../../../../lib/lazy-resolver.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText, setServerFieldErrors } from '../../../../lib/server-problems.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { MentionTextarea } from './mention-textarea.tsx';
import type { NoteValues } from './note-validation.ts';

const FIELDS = ['body'] as const;
// zod and the timeline contract load when the form is first touched: the customer's and the
// deal's pages draw the form on their first load (docs/decisions/087-phone-pages-load-forms-on-use.md).
const validation = lazyResolver<NoteValues>(() => import('./note-validation.ts').then((m) => m.noteResolver));

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
  const form = useForm<NoteValues>({ resolver: validation.resolver, defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ body }) => {
    form.clearErrors('root');
    try {
      if (!(await attempt.create(add, body))) return;
      form.reset({ body: '' });
      notify('success', labels.added);
    } catch (error) {
      setServerFieldErrors(error, form.setError, FIELDS);
      const text = problemText(t, error, FIELDS);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={validation.preload} className="mb-2">
      {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
      <MentionTextarea
        className="mb-2"
        label={labels.field}
        companyId={companyId}
        maxLength={maxLength}
        registration={form.register('body')}
        setText={(text) => form.setValue('body', text, { shouldDirty: true })}
        error={fieldErrorText(t, errors.body?.message)}
      />
      <SubmitButton className="btn btn-primary btn-sm" busy={isSubmitting}>
        {labels.submit}
      </SubmitButton>
    </form>
  );
}
