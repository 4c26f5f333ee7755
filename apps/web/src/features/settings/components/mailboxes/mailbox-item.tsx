import { MAILBOX_VISIBILITY, type Mailbox, type MailboxVisibility } from '@kontora/contract/mailboxes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { SelectField } from '../../../../components/select-field.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notifications.ts';
import { useDisconnectMailbox, useStartMailOauth, useUpdateMailbox } from '../../api/mailboxes.ts';
import { connectReason } from './connect-reason.ts';

const BADGE: Record<Mailbox['status'], string> = {
  connecting: 'text-bg-info',
  syncing: 'text-bg-info',
  ok: 'text-bg-success',
  failing: 'text-bg-danger',
};

/** What the mailbox is doing, in words: syncing with its count, up to date, or why it fails and when it tries again. */
function StatusText({ mailbox }: { mailbox: Mailbox }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const lines: string[] = [];
  if (mailbox.status === 'failing') {
    lines.push(connectReason(t, mailbox.last_error));
    if (mailbox.retry_at)
      lines.push(t('mailboxes.status.retryAt', { date: format.dateTime(mailbox.retry_at) }));
  }
  if (mailbox.status === 'syncing' || mailbox.status === 'connecting') {
    lines.push(t('mailboxes.status.syncingCount', { count: mailbox.message_count }));
  } else {
    lines.push(t('mailboxes.status.count', { count: mailbox.message_count }));
  }
  lines.push(
    mailbox.last_synced_at
      ? t('mailboxes.status.lastSynced', { date: format.dateTime(mailbox.last_synced_at) })
      : t('mailboxes.status.neverSynced'),
  );
  return (
    <ul className="list-unstyled small text-body-secondary mb-2">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** One connected mailbox: its state, who may read it (changed at once), and disconnecting. */
export function MailboxItem({ companyId, mailbox }: { companyId: number; mailbox: Mailbox }) {
  const { t } = useTranslation();
  const headingId = useId();
  const update = useUpdateMailbox(companyId);
  const disconnect = useDisconnectMailbox(companyId);
  const reconnect = useStartMailOauth(companyId);
  // A signed-in mailbox whose grant is gone mends only by signing in again (as the same address).
  const provider = mailbox.auth === 'password' ? null : mailbox.auth;
  const canReconnect = provider !== null && mailbox.status === 'failing';
  const [asking, setAsking] = useState(false);
  const [deleteEmails, setDeleteEmails] = useState(true);
  const busy = mailbox.status === 'connecting' || mailbox.status === 'syncing';

  const onDisconnect = () =>
    disconnect.mutate(
      { id: mailbox.id, deleteEmails },
      {
        onSuccess: () => {
          setAsking(false);
          notify('success', t('mailboxes.disconnect.done', { email: mailbox.email }));
        },
      },
    );

  return (
    <li className="border rounded p-3 mb-3" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h3 className="h6 mb-0 text-break" id={headingId}>
          {mailbox.email}
        </h3>
        <span className={`badge ${BADGE[mailbox.status]}`} role={busy ? 'status' : undefined}>
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t(`mailboxes.status.${mailbox.status}`)}
        </span>
      </div>
      <StatusText mailbox={mailbox} />
      {reconnect.error && <p className="text-danger small">{errorMessage(t, reconnect.error)}</p>}
      <div className="d-flex flex-wrap align-items-end gap-3">
        <SelectField
          className="mb-0"
          label={t('mailboxes.visibility.legend')}
          value={mailbox.visibility}
          disabled={update.isPending}
          options={MAILBOX_VISIBILITY.map((value) => ({ value, label: t(`mailboxes.visibility.${value}`) }))}
          hint={t(`mailboxes.visibility.${mailbox.visibility}Text`)}
          error={update.error ? errorMessage(t, update.error) : undefined}
          onChange={(event) =>
            update.mutate({ id: mailbox.id, body: { visibility: event.target.value as MailboxVisibility } })
          }
        />
        {canReconnect && (
          <button
            type="button"
            className="btn btn-primary ms-auto"
            disabled={reconnect.isPending || reconnect.isSuccess}
            onClick={() =>
              reconnect.mutate({ provider, visibility: mailbox.visibility, sync_days: mailbox.sync_days })
            }
          >
            {t(`mailboxes.oauth.reconnect.${provider}`)}
          </button>
        )}
        <button
          type="button"
          className={`btn btn-outline-danger${canReconnect ? '' : ' ms-auto'}`}
          onClick={() => {
            disconnect.reset();
            setDeleteEmails(true);
            setAsking(true);
          }}
        >
          {t('mailboxes.disconnect.button')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('mailboxes.disconnect.title', { email: mailbox.email })}
        confirmLabel={t('mailboxes.disconnect.button')}
        danger
        busy={disconnect.isPending}
        error={disconnect.error ? errorMessage(t, disconnect.error) : null}
        onConfirm={onDisconnect}
        onCancel={() => setAsking(false)}
      >
        <p>{t('mailboxes.disconnect.text')}</p>
        <div className="form-check mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${headingId}-delete`}
            checked={deleteEmails}
            onChange={(event) => setDeleteEmails(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${headingId}-delete`}>
            {t('mailboxes.disconnect.deleteEmails', { count: mailbox.message_count })}
          </label>
          <div className="form-text mt-0">
            {deleteEmails ? t('mailboxes.disconnect.deleteNote') : t('mailboxes.disconnect.keepNote')}
          </div>
        </div>
      </ConfirmDialog>
    </li>
  );
}
