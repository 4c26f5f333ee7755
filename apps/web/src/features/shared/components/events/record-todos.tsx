import type { TodoEvent } from '@kontora/contract/events';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyProfile } from '../../../../lib/api/get-company.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useEvents } from '../../api/get-events.ts';
import type { EventDraft } from './event-form-values.ts';
import { LazyEventDialog } from './lazy-event-dialog.ts';
import { TodoRow } from './todo-row.tsx';

type RecordTodosProps = {
  /** Whose to-dos: a customer's or a deal's. */
  of: { customer_id: number } | { deal_id: number };
  /** What a new to-do starts with (the customer, the deal). */
  draft: EventDraft;
  /** The customer's name on each row (not on the customer's own page). */
  showCustomer?: boolean;
  /** What an empty list says, open and done (already translated); else the customer page's texts. */
  empty?: { open: string; done: string };
};

/** A record's to-dos on its page: open ones (or done ones), and "New to-do" for it. */
export function RecordTodos({ of, draft, showCustomer = false, empty }: RecordTodosProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const companyId = useCompanyId();
  const profile = useCompanyProfile(companyId);
  const [showDone, setShowDone] = useState(false);
  const [dialog, setDialog] = useState<{ event: TodoEvent | null } | null>(null);
  const events = useEvents(companyId, {
    ...of,
    filter: [showDone ? 'done' : 'open'],
    dir: showDone ? 'desc' : 'asc',
    limit: 50,
  });
  const items = events.data?.items ?? [];

  return (
    <section className="card kt-card mb-4" aria-labelledby={headingId}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id={headingId}>
          {t('crm.todos.title')}
        </h2>
        <fieldset className="btn-group btn-group-sm">
          <legend className="visually-hidden">{t('crm.todos.show')}</legend>
          <button
            type="button"
            className={`btn ${showDone ? 'btn-outline-primary' : 'btn-primary'}`}
            aria-pressed={!showDone}
            onClick={() => setShowDone(false)}
          >
            {t('crm.events.filters.open')}
          </button>
          <button
            type="button"
            className={`btn ${showDone ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={showDone}
            onClick={() => setShowDone(true)}
          >
            {t('crm.events.filters.done')}
          </button>
        </fieldset>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ event: null })}>
          {t('crm.events.new')}
        </button>
      </div>
      {events.error ? (
        <div className="card-body">
          <div className="alert alert-danger mb-0" role="alert">
            {errorMessage(t, events.error)}
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="card-body text-body-secondary">
          {events.isPending
            ? t('common.loading')
            : showDone
              ? (empty?.done ?? t('crm.todos.noneDone'))
              : (empty?.open ?? t('crm.todos.noneOpen'))}
        </div>
      ) : (
        <ul className="list-group list-group-flush">
          {items.map((event) => (
            <TodoRow
              key={event.occurrence_id}
              event={event}
              timeZone={profile.data?.time_zone}
              showCustomer={showCustomer}
              showDeal={!('deal_id' in of)}
              onOpen={(e) => setDialog({ event: e })}
            />
          ))}
        </ul>
      )}
      <LazyEventDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        event={dialog?.event ?? null}
        draft={draft}
      />
    </section>
  );
}
