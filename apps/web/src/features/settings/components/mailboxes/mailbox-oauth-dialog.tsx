import { zodResolver } from '@hookform/resolvers/zod';
import { MAILBOX_LIMITS, type MailOauthProvider } from '@kontora/contract/mailboxes';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { ModalFormFooter } from '../../../../components/modal-form-footer.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { resolverOptions } from '../../../../lib/form-errors.ts';
import { reasonText } from '../../../../lib/server-problems.ts';
import { useStartMailOauth } from '../../api/mailboxes.ts';
import { MailboxReadingFields } from './mailbox-form-fields.ts';
import { VisibilityChoice } from './visibility-choice.tsx';

const SignInForm = z.object(MailboxReadingFields);
type SignInValues = z.infer<typeof SignInForm>;

/**
 * Before leaving for the provider's sign-in page: who reads the mailbox's mail and how far
 * back the first sync reads, as for a mailbox connected with a password. The server, the
 * address and the login come from the provider (docs/decisions/078-mailbox-oauth-sign-in.md).
 */
export function MailboxOauthDialog({
  companyId,
  provider,
  onClose,
}: {
  companyId: number;
  provider: MailOauthProvider | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={provider !== null}
      onClose={onClose}
      title={provider ? t(`mailboxes.oauth.title.${provider}`) : ''}
    >
      {provider && <SignInFormBody companyId={companyId} provider={provider} onCancel={onClose} />}
    </Modal>
  );
}

function SignInFormBody({
  companyId,
  provider,
  onCancel,
}: {
  companyId: number;
  provider: MailOauthProvider;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartMailOauth(companyId);
  const form = useForm<SignInValues>({
    resolver: zodResolver(SignInForm, resolverOptions),
    defaultValues: { visibility: 'metadata', sync_days: MAILBOX_LIMITS.syncDaysDefault },
  });
  const { errors } = form.formState;
  // The browser leaves for the provider on success: the button stays busy until it has.
  const busy = start.isPending || start.isSuccess;
  const onSubmit = form.handleSubmit((values) => start.mutate({ provider, ...values }));

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {start.error && <FormAlert kind="danger">{errorMessage(t, start.error)}</FormAlert>}
        <p>{t(`mailboxes.oauth.intro.${provider}`)}</p>
        <VisibilityChoice
          registration={form.register('visibility')}
          error={reasonText(t, errors.visibility?.message)}
        />
        <TextField
          label={t('mailboxes.fields.syncDays')}
          type="number"
          className="mb-0"
          registration={form.register('sync_days', { valueAsNumber: true })}
          error={reasonText(t, errors.sync_days?.message)}
          hint={t('mailboxes.connect.syncDaysHint')}
        />
      </div>
      <ModalFormFooter submitLabel={t('mailboxes.oauth.continue')} onCancel={onCancel} busy={busy} />
    </form>
  );
}
