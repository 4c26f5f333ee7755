import type { EmailThread } from '@kontora/contract/mailboxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../../components/list-states.tsx';
import { paths } from '../../../../config/paths.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { type MailOwner, useEmailThreads } from '../../api/emails.ts';
import { EmailMessageView } from './email-message-view.tsx';
import { ScheduledEmails } from './scheduled-emails.tsx';
import './emails.css';

function ThreadItem({ thread, onOpen }: { thread: EmailThread; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const subject = thread.subject || t('emails.noSubject');
  return (
    <li className="border-bottom py-2">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span className="fw-semibold text-break">{subject}</span>
        <span className="small text-body-secondary">
          {t('emails.messages', { count: thread.count })} · {format.dateTime(thread.last_at)}
        </span>
      </div>
      <div className="small text-body-secondary text-break">
        {thread.participants.map((p) => p.name ?? p.address).join(', ')}
      </div>
      <ol className="list-unstyled mb-0 mt-1">
        {(thread.items ?? []).map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="btn btn-link btn-sm p-0 text-start"
              onClick={() => onOpen(item.id)}
            >
              {item.from?.name ?? item.from?.address ?? '—'}: {item.subject || t('emails.noSubject')}
            </button>{' '}
            <span className="small text-body-secondary">{format.dateTime(item.date)}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The mail with a customer (or a deal's people) the reader may see, thread by thread; a message opens in place. */
export function EmailsCard({ owner }: { owner: MailOwner }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const threads = useEmailThreads(companyId, owner);
  const [open, setOpen] = useState<number | null>(null);
  const headingId = `emails-${owner.kind}-${owner.id}`;
  const items = threads.data ?? [];

  return (
    <section className="card kt-card mb-4" aria-labelledby={headingId}>
      <div className="card-header d-flex align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0" id={headingId}>
          {t('emails.title')}
        </h2>
        {open !== null && (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(null)}>
            {t('emails.back')}
          </button>
        )}
      </div>
      <div className="card-body">
        {open !== null ? (
          <EmailMessageView companyId={companyId} id={open} />
        ) : threads.isPending ? (
          <div className="py-3 text-center" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        ) : threads.isError ? (
          <LoadError error={threads.error} onRetry={() => void threads.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-body-secondary mb-0">
            {owner.kind === 'deals' ? t('emails.noneDeal') : t('emails.none')} {t('emails.connectHint')}{' '}
            <Link to={paths.company.settings.href()}>{t('emails.openSettings')}</Link>
          </p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={t('emails.title')}>
            {items.map((thread) => (
              <ThreadItem key={thread.id} thread={thread} onOpen={setOpen} />
            ))}
          </ul>
        )}
        {open === null && (
          <ScheduledEmails
            companyId={companyId}
            only={(email) => (owner.kind === 'deals' ? email.deal_id : email.customer_id) === owner.id}
            hideWhenEmpty
            headingId={`${headingId}-scheduled`}
          />
        )}
      </div>
    </section>
  );
}
