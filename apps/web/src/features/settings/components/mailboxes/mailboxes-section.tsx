import { MAIL_CONNECT_ERRORS, MAILBOX_LIMITS, type MailOauthProvider } from '@kontora/contract/mailboxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../../components/list-states.tsx';
import { SettingsSection } from '../../../../components/settings-section.tsx';
import { translateCode } from '../../../../lib/translate.ts';
import { ScheduledEmails } from '../../../shared/components/emails/scheduled-emails.tsx';
import { useMailboxes, useMailOauthProviders } from '../../api/mailboxes.ts';
import { OwnMailExclusions } from './company-mail-exclusions-section.tsx';
import { connectReason } from './connect-reason.ts';
import { MailboxConnectDialog } from './mailbox-connect-dialog.tsx';
import { MailboxItem } from './mailbox-item.tsx';
import { MailboxOauthDialog } from './mailbox-oauth-dialog.tsx';

/** What the provider's sign-in came back with (`mailbox_connected` / `mailbox_error` of the callback). */
function SignInOutcome() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const connected = search.get('mailbox_connected');
  const failed = search.get('mailbox_error');
  if (connected) {
    return (
      <div className="alert alert-success" role="status">
        {t('mailboxes.oauth.connected')}
      </div>
    );
  }
  if (!failed) return null;
  // A refusal of the mail server is said as when connecting with a password; the rest are the sign-in's own.
  const text = (MAIL_CONNECT_ERRORS as readonly string[]).includes(failed)
    ? connectReason(t, failed)
    : translateCode(t, 'mailboxes.oauth.outcome', failed, 'mailboxes.oauth.outcome.rejected');
  return (
    <div className="alert alert-danger" role="alert">
      {text}
    </div>
  );
}

/**
 * The person's own mailboxes in this company (docs/decisions/064-email-beside-the-customer.md):
 * connect one, see how each syncs, choose who reads its mail, disconnect.
 */
export function MailboxesSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const mailboxes = useMailboxes(companyId);
  const [connecting, setConnecting] = useState(false);
  const [signingIn, setSigningIn] = useState<MailOauthProvider | null>(null);
  const providers = useMailOauthProviders(companyId).data ?? [];
  const items = mailboxes.data ?? [];
  const full = items.length >= MAILBOX_LIMITS.mailboxesMax;

  return (
    <SettingsSection title={t('mailboxes.title')} note={t('mailboxes.note')} id="mailboxes" className="mb-4">
      <SignInOutcome />
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
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={full}
          aria-describedby={full ? 'mailboxes-full' : undefined}
          onClick={() => setConnecting(true)}
        >
          {t('mailboxes.connect.button')}
        </button>
        {/* Offered only where the deployment configured the provider's client. */}
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="btn btn-outline-primary"
            disabled={full}
            aria-describedby={full ? 'mailboxes-full' : undefined}
            onClick={() => setSigningIn(provider)}
          >
            {t(`mailboxes.oauth.button.${provider}`)}
          </button>
        ))}
      </div>
      {full && (
        <p className="form-text" id="mailboxes-full">
          {t('mailboxes.full', { count: MAILBOX_LIMITS.mailboxesMax })}
        </p>
      )}
      <MailboxConnectDialog companyId={companyId} open={connecting} onClose={() => setConnecting(false)} />
      {items.length > 0 && <ScheduledEmails companyId={companyId} headingId="mailboxes-scheduled" />}
      <MailboxOauthDialog companyId={companyId} provider={signingIn} onClose={() => setSigningIn(null)} />
      {/* Before the first mailbox too: what is listed is never read in, not even by the first sync. */}
      <OwnMailExclusions companyId={companyId} />
    </SettingsSection>
  );
}
