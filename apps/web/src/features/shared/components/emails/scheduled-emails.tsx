import type { OutgoingEmail } from '@kontora/contract/email-sending';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { LoadError } from '../../../../components/list-states.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { emailKeys, scheduledEmailsQueryOptions } from '../../api/emails.ts';
import { cancelEmail } from '../email-compose/compose-api.ts';

type ScheduledProps = {
  companyId: number;
  /** Only these (the Emails card: those to its customer or deal); all when absent. */
  only?: (email: OutgoingEmail) => boolean;
  /** Settings always shows the list; the Emails card only when something waits. */
  hideWhenEmpty?: boolean;
  headingId: string;
};

/**
 * The person's own messages not yet sent (`GET …/emails/scheduled`), soonest first, each with
 * Cancel; it follows sends, cancels and failures live (decision 079).
 */
export function ScheduledEmails({ companyId, only, hideWhenEmpty = false, headingId }: ScheduledProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const scheduled = useQuery(scheduledEmailsQueryOptions(companyId));
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const items = (scheduled.data ?? []).filter((email) => !only || only(email));
  if (hideWhenEmpty && items.length === 0) return null;

  const cancel = async (email: OutgoingEmail) => {
    setProblem(null);
    setCancelling(email.id);
    try {
      await cancelEmail(companyId, email.id);
    } catch (error) {
      setProblem(
        isApiError(error) && error.status === 409
          ? t('crm.emailCompose.tooLate')
          : `${t('emails.scheduled.cancelFailed')} ${errorMessage(t, error)}`,
      );
    } finally {
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: emailKeys.scheduled(companyId) });
    }
  };

  return (
    <section className="mt-3" aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>
        {t('emails.scheduled.title')}
      </h3>
      {problem && <FormAlert kind="danger">{problem}</FormAlert>}
      {scheduled.isError ? (
        <LoadError error={scheduled.error} onRetry={() => void scheduled.refetch()} />
      ) : scheduled.isPending ? (
        <div className="py-2" role="status">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : items.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('emails.scheduled.none')}</p>
      ) : (
        <ul className="list-unstyled mb-0" aria-labelledby={headingId}>
          {items.map((email) => {
            const subject = email.subject || t('emails.noSubject');
            return (
              <li key={email.id} className="d-flex flex-wrap align-items-center gap-2 border-bottom py-2">
                <div className="flex-grow-1 text-break">
                  <div className="fw-semibold">{subject}</div>
                  <div className="small text-body-secondary">
                    {t('emails.scheduled.to', { to: email.to.join(', ') })} ·{' '}
                    {email.status === 'sending'
                      ? t('emails.scheduled.sendingNow')
                      : t('emails.scheduled.at', { at: format.dateTime(email.send_at) })}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={email.status !== 'queued' || cancelling === email.id}
                  aria-label={t('emails.scheduled.cancelOne', { subject })}
                  onClick={() => void cancel(email)}
                >
                  {t('emails.scheduled.cancel')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
