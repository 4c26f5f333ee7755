import { zodResolver } from '@hookform/resolvers/zod';
import { TimelineNoteBody } from '@kontora/contract/customer-timeline';
import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { fieldErrorText, resolverOptions } from '../../../../lib/form-errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { problemText, setServerFieldErrors } from '../../../../lib/server-problems.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useAddNote } from '../../../crm/api/add-note.ts';
import { MentionTextarea } from './mention-textarea.tsx';

type NoteValues = { body: string };
const FIELDS = ['body'] as const;
const resolver = zodResolver(TimelineNoteBody, resolverOptions) as unknown as Resolver<
  NoteValues,
  unknown,
  TimelineNoteBody
>;

/** "Add note" at the top of the timeline. */
export function NoteForm({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const addNote = useAddNote(companyId, customerId);
  const attempt = useCreateAttempt();
  const form = useForm<NoteValues, unknown, TimelineNoteBody>({ resolver, defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ body }) => {
    form.clearErrors('root');
    try {
      if (!(await attempt.create(addNote.mutateAsync, body))) return;
      form.reset({ body: '' });
      notify('success', t('crm.timeline.noteAdded'));
    } catch (error) {
      setServerFieldErrors(error, form.setError, FIELDS);
      const text = problemText(t, error, FIELDS);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mb-2">
      {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
      <MentionTextarea
        className="mb-2"
        label={t('crm.timeline.newNote')}
        companyId={companyId}
        maxLength={CUSTOMER_LIMITS.notesMax}
        registration={form.register('body')}
        setText={(text) => form.setValue('body', text, { shouldDirty: true })}
        error={fieldErrorText(t, errors.body?.message)}
      />
      <SubmitButton className="btn btn-primary btn-sm" busy={isSubmitting}>
        {t('crm.timeline.addNote')}
      </SubmitButton>
    </form>
  );
}
