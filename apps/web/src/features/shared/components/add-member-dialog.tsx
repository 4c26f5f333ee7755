import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_ROLES, type CompanyRole, LIMITS } from '@kontora/contract/limits';
import { InviteMemberBody } from '@kontora/contract/members';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { type Keyed, useCreateAttempt } from '../../../lib/create-attempt.ts';
import { applyServerErrors, resolverOptions } from '../../../lib/form-errors.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { reasonText } from '../../../lib/server-problems.ts';
import { languageOptions } from '../lib/language-options.ts';

/** The team invitation with an optional name: an emptied name field means "none". */
const AddMemberForm = InviteMemberBody.extend({
  full_name: z
    .string()
    .trim()
    .max(LIMITS.nameMax)
    .transform((v) => v || undefined),
});
type AddMemberValues = z.input<typeof AddMemberForm>;

type AddMemberDialogProps = {
  open: boolean;
  onClose: () => void;
  companyName: string;
  assignableRoles: readonly CompanyRole[];
  /** The invitation's create mutation (`mutateAsync`), sent once per click with the attempt's key. */
  onAdd: (variables: Keyed<InviteMemberBody>) => Promise<unknown>;
};

/**
 * Invites a person by email with a role. They join by accepting; the answer is
 * the same whether the email has an account or not (decision 011).
 */
export function AddMemberDialog({
  open,
  onClose,
  companyName,
  assignableRoles,
  onAdd,
}: AddMemberDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('team.addTitle', { company: companyName })}>
      {open && <AddMemberFormBody assignableRoles={assignableRoles} onAdd={onAdd} onDone={onClose} />}
    </Modal>
  );
}

function AddMemberFormBody({
  assignableRoles,
  onAdd,
  onDone,
}: {
  assignableRoles: readonly CompanyRole[];
  onAdd: AddMemberDialogProps['onAdd'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<AddMemberValues, unknown, z.output<typeof AddMemberForm>>({
    resolver: zodResolver(AddMemberForm, resolverOptions),
    // A new account's activation page and mails speak the language this screen shows, unless changed here.
    defaultValues: { email: '', full_name: '', role: 'member', language: currentLanguage() },
  });
  const attempt = useCreateAttempt();
  const { errors, isSubmitting } = form.formState;
  const fields = ['email', 'full_name', 'role', 'language'] as const;

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors('root');
    try {
      if ((await attempt.create(onAdd, values)) === undefined) return;
      notify('success', t('team.added', { email: values.email }));
      onDone();
    } catch (error) {
      applyServerErrors(form, error, fields, { t });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <p className="text-body-secondary">{t('team.addHint')}</p>
        <TextField
          label={t('team.email')}
          type="email"
          autoComplete="off"
          registration={form.register('email')}
          error={reasonText(t, errors.email?.message)}
        />
        <TextField
          label={t('team.fullNameOptional')}
          autoComplete="off"
          registration={form.register('full_name')}
          error={reasonText(t, errors.full_name?.message)}
        />
        <SelectField
          label={t('team.language')}
          hint={t('team.languageHint')}
          options={languageOptions(t)}
          registration={form.register('language')}
          error={reasonText(t, errors.language?.message)}
        />
        <SelectField
          label={t('team.role')}
          options={COMPANY_ROLES.filter((role) => assignableRoles.includes(role)).map((role) => ({
            value: role,
            label: t(`roles.${role}`),
          }))}
          registration={form.register('role')}
          error={reasonText(t, errors.role?.message)}
          className="mb-0"
        />
      </div>
      <ModalFormFooter submitLabel={t('team.addSubmit')} onCancel={onDone} busy={isSubmitting} />
    </form>
  );
}
