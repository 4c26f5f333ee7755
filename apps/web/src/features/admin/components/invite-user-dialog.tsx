import { zodResolver } from '@hookform/resolvers/zod';
import { InviteUserBody } from '@kontora/contract/admin';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ModalFormFooter } from '../../../components/modal-form-footer.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateAttempt } from '../../../lib/create-attempt.ts';
import { applyServerErrors, resolverOptions } from '../../../lib/form-errors.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { reasonText } from '../../../lib/server-problems.ts';
import { languageOptions } from '../../shared/lib/language-options.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { type MembershipRow, MembershipsEditor, membershipRowErrors } from './memberships-editor.tsx';

type InviteValues = { email: string; full_name: string; is_admin: boolean; language: string };
const FIELDS = ['email', 'full_name', 'is_admin', 'language'] as const;
const resolver = zodResolver(InviteUserBody, resolverOptions) as unknown as Resolver<
  InviteValues,
  unknown,
  InviteUserBody
>;

/** "Invite a person": the account, its memberships and the activation mail in one step. */
export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('admin.users.inviteTitle')} size="lg">
      {open && <InviteUserForm onDone={onClose} />}
    </Modal>
  );
}

function InviteUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invite = useInviteUser();
  // One account per click; also sent from the "without a company" confirmation, outside the form's submit.
  const attempt = useCreateAttempt();
  const switchId = useId();
  const [memberships, setMemberships] = useState<MembershipRow[]>([]);
  // A company chosen in the picker but not added with "Add": sending adds it.
  const [pending, setPending] = useState<MembershipRow | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  // Values waiting for "send without a company" to be confirmed.
  const [unconfirmed, setUnconfirmed] = useState<InviteUserBody | null>(null);
  const form = useForm<InviteValues, unknown, InviteUserBody>({
    resolver,
    defaultValues: { email: '', full_name: '', is_admin: false, language: currentLanguage() },
  });
  const { errors, isSubmitting } = form.formState;

  const send = async (values: InviteUserBody, rows: readonly MembershipRow[]) => {
    form.clearErrors('root');
    try {
      const body = { ...values, memberships: rows.map(({ company_id, role }) => ({ company_id, role })) };
      const user = await attempt.create(invite.mutateAsync, body);
      if (!user) return;
      notify('success', t('admin.users.invited', { email: user.email }));
      onDone();
      await navigate(paths.admin.user.href(user.id));
    } catch (error) {
      applyServerErrors(form, error, FIELDS, { t, shownElsewhere: ['company_id'] });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    let rows = memberships;
    if (pending && !rows.some((row) => row.company_id === pending.company_id)) {
      rows = [...rows, pending];
      setMemberships(rows);
      setEditorKey((key) => key + 1); // empties the picker: its choice is now a row
      setPending(null);
    }
    // A superuser needs no company; anyone else would land on "No companies yet".
    if (rows.length === 0 && !values.is_admin) {
      setUnconfirmed(values);
      return;
    }
    await send(values, rows);
  });

  const rowErrors = isApiError(invite.error)
    ? membershipRowErrors(invite.error.details, (code) => reasonText(t, code))
    : {};

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <p className="text-body-secondary">{t('admin.users.inviteHint')}</p>
        <div className="row g-3">
          <TextField
            className="col-12 col-md-6"
            label={t('admin.fields.email')}
            type="email"
            autoComplete="off"
            registration={form.register('email')}
            error={reasonText(t, errors.email?.message)}
          />
          <TextField
            className="col-12 col-md-6"
            label={t('admin.fields.full_name')}
            autoComplete="off"
            registration={form.register('full_name')}
            error={reasonText(t, errors.full_name?.message)}
          />
          <SelectField
            className="col-12 col-md-6"
            label={t('admin.fields.language')}
            hint={t('admin.users.languageHint')}
            options={languageOptions(t)}
            registration={form.register('language')}
            error={reasonText(t, errors.language?.message)}
          />
          <div className="col-12 col-md-6 pt-md-4">
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                id={switchId}
                aria-describedby={`${switchId}-hint`}
                {...form.register('is_admin')}
              />
              <label className="form-check-label" htmlFor={switchId}>
                {t('admin.fields.is_admin')}
              </label>
              <div id={`${switchId}-hint`} className="form-text">
                {t('admin.user.superuserHint')}
              </div>
            </div>
          </div>
        </div>
        <h3 className="h6 mt-4">{t('admin.memberships.title')}</h3>
        <MembershipsEditor
          key={editorKey}
          value={memberships}
          onChange={setMemberships}
          rowErrors={rowErrors}
          onPendingChange={setPending}
        />
      </div>
      <ModalFormFooter
        submitLabel={t('admin.users.inviteSubmit')}
        onCancel={onDone}
        busy={isSubmitting || attempt.busy}
      />
      <ConfirmDialog
        open={unconfirmed !== null}
        title={t('admin.users.noCompany.title')}
        confirmLabel={t('admin.users.noCompany.confirm')}
        busy={invite.isPending}
        onCancel={() => setUnconfirmed(null)}
        onConfirm={() => {
          const values = unconfirmed;
          setUnconfirmed(null);
          if (values) void send(values, []);
        }}
      >
        {t('admin.users.noCompany.text')}
      </ConfirmDialog>
    </form>
  );
}
