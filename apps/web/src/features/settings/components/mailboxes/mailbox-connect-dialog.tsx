import { zodResolver } from '@hookform/resolvers/zod';
import { MAIL_SECURITY, MAILBOX_LIMITS, type MailboxCreateBody } from '@kontora/contract/mailboxes';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { ModalFormFooter } from '../../../../components/modal-form-footer.tsx';
import { SelectField } from '../../../../components/select-field.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { useCreateAttempt } from '../../../../lib/create-attempt.ts';
import { resolverOptions } from '../../../../lib/form-errors.ts';
import { problemText, reasonText } from '../../../../lib/server-problems.ts';
import { useConnectMailbox } from '../../api/mailboxes.ts';
import { connectReason } from './connect-reason.ts';
import { MailboxReadingFields } from './mailbox-form-fields.ts';
import { VisibilityChoice } from './visibility-choice.tsx';

const Port = z.number({ error: 'invalid_port' }).int({ error: 'invalid_port' }).min(1).max(65535);
const Required = z.string().trim().min(1, { error: 'required' });

const ConnectForm = z.object({
  email: z.email({ error: 'invalid_email' }),
  imap_host: Required,
  imap_port: Port,
  imap_security: z.enum(MAIL_SECURITY),
  imap_username: Required,
  imap_password: z.string().min(1, { error: 'required' }),
  smtp_host: z.string().trim(),
  smtp_port: Port,
  smtp_security: z.enum(MAIL_SECURITY),
  smtp_username: z.string().trim(),
  smtp_password: z.string(),
  ...MailboxReadingFields,
});
type ConnectValues = z.infer<typeof ConnectForm>;
type FieldName = keyof ConnectValues;
const FIELDS = Object.keys(ConnectForm.shape) as FieldName[];

/** Sending is set up when a host is given; its login is the IMAP one unless another is given. */
function toBody(v: ConnectValues): MailboxCreateBody {
  return {
    email: v.email,
    imap: {
      host: v.imap_host,
      port: v.imap_port,
      security: v.imap_security,
      username: v.imap_username,
      password: v.imap_password,
    },
    ...(v.smtp_host
      ? {
          smtp: {
            host: v.smtp_host,
            port: v.smtp_port,
            security: v.smtp_security,
            username: v.smtp_username || v.imap_username,
            password: v.smtp_password || v.imap_password,
          },
        }
      : {}),
    visibility: v.visibility,
    sync_days: v.sync_days,
  };
}

/**
 * The API's problems on the form: `imap.host` is the field `imap_host`; `imap` alone is why
 * the login failed (wrong password, host not found…), said above the form.
 */
function applyProblems(
  form: UseFormReturn<ConnectValues>,
  error: unknown,
  connectReason: (code: string) => string,
) {
  const details =
    error && typeof error === 'object' && 'details' in error
      ? ((error as { details: Record<string, string[]> }).details ?? {})
      : {};
  let focused = false;
  for (const [path, codes] of Object.entries(details)) {
    const name = path.replace('.', '_') as FieldName;
    const code = codes[0];
    if (!code || !FIELDS.includes(name)) continue;
    form.setError(name, { type: 'server', message: code }, { shouldFocus: !focused });
    focused = true;
  }
  const reason = details.imap?.[0];
  return reason ? connectReason(reason) : null;
}

export function MailboxConnectDialog({
  companyId,
  open,
  onClose,
}: {
  companyId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('mailboxes.connect.title')} size="lg">
      {open && <ConnectFormBody companyId={companyId} onDone={onClose} />}
    </Modal>
  );
}

function ConnectFormBody({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const connect = useConnectMailbox(companyId);
  const attempt = useCreateAttempt();
  const form = useForm<ConnectValues>({
    resolver: zodResolver(ConnectForm, resolverOptions),
    defaultValues: {
      email: '',
      imap_host: '',
      imap_port: 993,
      imap_security: 'tls',
      imap_username: '',
      imap_password: '',
      smtp_host: '',
      smtp_port: 465,
      smtp_security: 'tls',
      smtp_username: '',
      smtp_password: '',
      visibility: 'metadata',
      sync_days: MAILBOX_LIMITS.syncDaysDefault,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (name: FieldName) => reasonText(t, errors[name]?.message);
  const security = MAIL_SECURITY.map((value) => ({ value, label: t(`mailboxes.security.${value}`) }));

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors('root');
    try {
      const created = await attempt.create(connect.mutateAsync, toBody(values));
      if (created) onDone();
    } catch (error) {
      const reason = applyProblems(form, error, (code) => connectReason(t, code));
      const text =
        reason ?? problemText(t, error, [...FIELDS, 'host', 'port', 'security', 'username', 'password']);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  const server = (prefix: 'imap' | 'smtp') => (
    <div className="row g-2">
      <div className="col-12 col-md-6">
        <TextField
          label={t('mailboxes.fields.host')}
          autoComplete="off"
          registration={form.register(`${prefix}_host`)}
          error={err(`${prefix}_host`)}
          hint={t(`mailboxes.connect.${prefix}HostHint`)}
        />
      </div>
      <div className="col-6 col-md-2">
        <TextField
          label={t('mailboxes.fields.port')}
          type="number"
          registration={form.register(`${prefix}_port`, { valueAsNumber: true })}
          error={err(`${prefix}_port`)}
        />
      </div>
      <div className="col-6 col-md-4">
        <SelectField
          label={t('mailboxes.fields.security')}
          options={security}
          registration={form.register(`${prefix}_security`)}
          error={err(`${prefix}_security`)}
        />
      </div>
      <div className="col-12 col-md-6">
        <TextField
          label={t('mailboxes.fields.username')}
          autoComplete="off"
          registration={form.register(`${prefix}_username`)}
          error={err(`${prefix}_username`)}
          hint={prefix === 'smtp' ? t('mailboxes.connect.sameLogin') : undefined}
        />
      </div>
      <div className="col-12 col-md-6">
        <TextField
          label={t('mailboxes.fields.password')}
          type="password"
          autoComplete="new-password"
          registration={form.register(`${prefix}_password`)}
          error={err(`${prefix}_password`)}
          hint={prefix === 'imap' ? t('mailboxes.connect.passwordHint') : undefined}
        />
      </div>
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <TextField
          label={t('mailboxes.fields.email')}
          type="email"
          autoComplete="email"
          registration={form.register('email')}
          error={err('email')}
        />
        <fieldset className="mb-3">
          <legend className="h6">{t('mailboxes.connect.imap')}</legend>
          {server('imap')}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6 mb-1">{t('mailboxes.connect.smtp')}</legend>
          <p className="form-text mt-0">{t('mailboxes.connect.smtpNote')}</p>
          {server('smtp')}
        </fieldset>
        <VisibilityChoice registration={form.register('visibility')} error={err('visibility')} />
        <TextField
          label={t('mailboxes.fields.syncDays')}
          type="number"
          className="mb-0"
          registration={form.register('sync_days', { valueAsNumber: true })}
          error={err('sync_days')}
          hint={t('mailboxes.connect.syncDaysHint')}
        />
      </div>
      <ModalFormFooter submitLabel={t('mailboxes.connect.submit')} onCancel={onDone} busy={isSubmitting} />
    </form>
  );
}
