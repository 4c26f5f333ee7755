import { MAILBOX_LIMITS } from '@kontora/contract/mailboxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { SettingsSection } from '../../../../components/settings-section.tsx';
import { ScheduledEmails } from '../../../shared/components/emails/scheduled-emails.tsx';
import { useMailboxes } from '../../api/mailboxes.ts';
import { MailboxConnectDialog } from './mailbox-connect-dialog.tsx';
import { MailboxItem } from './mailbox-item.tsx';

/**
 * The person's own mailboxes in this company (docs/decisions/064-email-beside-the-customer.md):
 * connect one, see how each syncs, choose who reads its mail, disconnect.
 */
export function MailboxesSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const mailboxes = useMailboxes(companyId);
  const [connecting, setConnecting] = useState(false);
  const items = mailboxes.data ?? [];
  const full = items.length >= MAILBOX_LIMITS.mailboxesMax;

  return (
    <SettingsSection title={t('mailboxes.title')} note={t('mailboxes.note')} id="mailboxes" className="mb-4">
      {mailboxes.isError ? (
        <LoadError error={mailboxes.error} onRetry={() => void mailboxes.refetch()} />
      ) : mailboxes.isPending ? (
        <div className="py-2" role="status">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{t('mailboxes.none')}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {items.map((mailbox) => (
            <MailboxItem key={mailbox.id} companyId={companyId} mailbox={mailbox} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={full}
        aria-describedby={full ? 'mailboxes-full' : undefined}
        onClick={() => setConnecting(true)}
      >
        {t('mailboxes.connect.button')}
      </button>
      {full && (
        <p className="form-text" id="mailboxes-full">
          {t('mailboxes.full', { count: MAILBOX_LIMITS.mailboxesMax })}
        </p>
      )}
      <MailboxConnectDialog companyId={companyId} open={connecting} onClose={() => setConnecting(false)} />
      {items.length > 0 && <ScheduledEmails companyId={companyId} headingId="mailboxes-scheduled" />}
    </SettingsSection>
  );
}
